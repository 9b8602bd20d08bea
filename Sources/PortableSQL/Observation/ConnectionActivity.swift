/// Whether SQLite is running one of a connection's callbacks, and the finalizing and closing put
/// off until it is not.
///
/// A Swift function, aggregate, collation or hook runs inside `sqlite3_step`: freeing the
/// statement or the connection from there would pull them from under SQLite. So every callback
/// runs through `inCallback(_:)`, which counts how deep the connection is inside them; while the
/// count is above 0, `finalize(_:engine:)` and `close(_:engine:_:)` only note the work, and
/// `settle()`, called where control is back outside SQLite (a statement's cold paths, the
/// context's next use, closing), does it. No callback of a connection runs unless one of its
/// statements is stepping, so a count of 0 in Swift code means SQLite is not running it.
final class ConnectionActivity {
    /// How many callbacks of the connection are running, nested ones included.
    @exclusivity(unchecked) private(set) var callbackDepth = 0
    /// Statements closed while a callback ran, to finalize.
    private var pendingStatements: [(handle: OpaquePointer, engine: SQLiteEngine)] = []
    /// The connection closed while a callback ran, and what to do just before closing it.
    private var pendingClose: (connection: OpaquePointer, engine: SQLiteEngine, beforeClosing: () -> Void)?

    /// Whether finalizing or closing waits for `settle()`: a plain flag, since every statement
    /// reads it when it finishes (an insert, once per row).
    @exclusivity(unchecked) private(set) var hasPendingWork = false

    /// Runs the body of a C callback of the connection.
    @inline(__always)
    func inCallback<Result>(_ body: () throws -> Result) rethrows -> Result {
        callbackDepth += 1
        defer { callbackDepth -= 1 }
        return try body()
    }

    /// Finalizes `handle` now, or, inside a callback, once SQLite is done with it.
    func finalize(_ handle: OpaquePointer, engine: SQLiteEngine) {
        if callbackDepth > 0 {
            pendingStatements.append((handle, engine))
            hasPendingWork = true
        } else {
            _ = engine.functions.finalize(handle)
        }
    }

    /// Closes `connection` after `beforeClosing` (which removes its hooks) and after finalizing
    /// the statements put off: now, or, inside a callback, once the running statement has
    /// ended; that statement is interrupted so that it ends soon.
    func close(_ connection: OpaquePointer, engine: SQLiteEngine, _ beforeClosing: @escaping () -> Void) {
        pendingClose = (connection, engine, beforeClosing)
        hasPendingWork = true
        if callbackDepth > 0 {
            engine.functions.interrupt(connection)
        } else {
            settle()
        }
    }

    /// Does the finalizing and closing put off, unless a callback is still running.
    func settle() {
        guard callbackDepth == 0 else { return }
        // Taken out before finalizing: a finalize may run an aggregate's final callback, which
        // may close more statements.
        while !pendingStatements.isEmpty {
            let statements = pendingStatements
            pendingStatements = []
            for statement in statements {
                _ = statement.engine.functions.finalize(statement.handle)
            }
        }
        defer { hasPendingWork = pendingClose != nil || !pendingStatements.isEmpty }
        guard let close = pendingClose else { return }
        pendingClose = nil
        close.beforeClosing()
        _ = close.engine.functions.closeV2(close.connection)
    }
}
