import Foundation

/// Stops a context's running statement from another thread: what `SQLContext.interruptHandle`
/// calls, and what a pool's cancelled job interrupts.
///
/// A `SQLContext` belongs to one thread at a time, but its handle can be sent anywhere. Once the
/// context is closed, `interrupt()` does nothing.
final class InterruptHandle: @unchecked Sendable {
    // `connection` is read and cleared under `lock`, so a close never races an interrupt.
    private let lock = NSLock()
    private var connection: OpaquePointer?
    private let engine: SQLiteEngine

    init(connection: OpaquePointer, engine: SQLiteEngine) {
        self.connection = connection
        self.engine = engine
    }

    /// Makes the statement running on the context, if any, stop with `SQLITE_INTERRUPT`.
    /// Statements started afterwards run normally.
    func interrupt() {
        lock.lock()
        defer { lock.unlock() }
        if let connection { engine.functions.interrupt(connection) }
    }

    /// Called by the context before it closes its connection.
    func invalidate() {
        lock.lock()
        defer { lock.unlock() }
        connection = nil
    }
}
