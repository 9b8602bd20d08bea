import Foundation

internal import PortableSQLSystem

/// Which pools the current thread is running a closure of, so that a pool can refuse a call
/// from inside its own closure (which would wait for itself) instead of deadlocking.
///
/// A thread-local chain of frames that live on the stack of `running(in:_:)`: no allocation.
enum PoolClosureMarker {
    private struct Frame {
        let pool: ObjectIdentifier
        let previous: UnsafeMutableRawPointer?
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `body` with `pool` marked as running on this thread.
    static func running<T>(in pool: AnyObject, _ body: () throws -> T) rethrows -> T {
        var frame = Frame(pool: ObjectIdentifier(pool), previous: pthread_getspecific(key))
        return try withUnsafeMutablePointer(to: &frame) { pointer in
            pthread_setspecific(key, pointer)
            defer { pthread_setspecific(key, pointer.pointee.previous) }
            return try body()
        }
    }

    /// Whether this thread is inside a closure of `pool`.
    static func isRunning(in pool: AnyObject) -> Bool {
        let identifier = ObjectIdentifier(pool)
        var current = pthread_getspecific(key)
        while let frame = current?.assumingMemoryBound(to: Frame.self) {
            if frame.pointee.pool == identifier { return true }
            current = frame.pointee.previous
        }
        return false
    }
}
