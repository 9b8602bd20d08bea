// A shared context fixture and a helper that captures the SQL a context runs.
import PortableSQL

/// A private in-memory context on the system SQLite, with `schema` (a script) run in it.
public func makeContext(schema: String = "") throws -> SQLContext {
    let context = try SQLContext(path: nil)
    if !schema.isEmpty { try context.exec(sql: schema) }
    return context
}

/// The statements a context runs, in order, as its trace hook reports them (with placeholders,
/// never bound values). Attach it to one context; detach it with `stop()`.
public final class ExecutedSQL {
    /// Each statement run since the log was attached (or last cleared).
    public private(set) var statements: [String] = []
    private weak var context: SQLContext?

    /// Starts capturing what `context` runs.
    public init(_ context: SQLContext) {
        self.context = context
        context.trace { [unowned self] in statements.append($0) }
    }

    /// Forgets what was captured so far.
    public func clear() {
        statements.removeAll()
    }

    /// Stops capturing.
    public func stop() {
        context?.trace(nil)
    }
}
