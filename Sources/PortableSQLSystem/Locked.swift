// A value behind a lock, for the package's shared state. The Synchronization module's `Mutex`
// and `Atomic` need macOS 15, iOS 18 and their kin, newer than the platforms the package
// declares, so this type takes the lock that each platform's C library has: `os_unfair_lock`
// on Darwin, `SRWLOCK` on Windows, a `pthread_mutex_t` elsewhere.
#if canImport(WinSDK)
import WinSDK
#endif

/// A value of type `Value` that threads reach one at a time, through `withLock(_:)`.
///
/// The lock is not recursive: calling `withLock` again from inside its closure deadlocks.
/// It is a class so that the lock has a fixed address for as long as the value lives.
package final class Locked<Value>: @unchecked Sendable {
    // `value` is read and written only while `lock` is held.
    @usableFromInline var value: Value
    private let lock: UnsafeMutablePointer<PlatformLock>

    /// Puts `value` behind a new lock.
    package init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        Self.initialize(lock)
    }

    deinit {
        Self.destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` with the value, the lock held, and returns what it returns.
    ///
    /// - Throws: what `body` throws (the lock is released first).
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        acquire()
        defer { release() }
        return try body(&value)
    }

    @usableFromInline
    func acquire() {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        #elseif canImport(WinSDK)
        AcquireSRWLockExclusive(lock)
        #else
        pthread_mutex_lock(lock)
        #endif
    }

    @usableFromInline
    func release() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(lock)
        #elseif canImport(WinSDK)
        ReleaseSRWLockExclusive(lock)
        #else
        pthread_mutex_unlock(lock)
        #endif
    }

    private static func initialize(_ lock: UnsafeMutablePointer<PlatformLock>) {
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #elseif canImport(WinSDK)
        InitializeSRWLock(lock)
        #else
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    private static func destroy(_ lock: UnsafeMutablePointer<PlatformLock>) {
        #if !canImport(Darwin) && !canImport(WinSDK)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
    }
}

#if canImport(Darwin)
package typealias PlatformLock = os_unfair_lock
#elseif canImport(WinSDK)
package typealias PlatformLock = SRWLOCK
#else
package typealias PlatformLock = pthread_mutex_t
#endif
