// Shared context fixtures: an in-memory context, a database of rows to copy, and a helper that
// captures the SQL a context runs.
import PortableSQL

/// A private in-memory context on the system SQLite, with `schema` (a script) run in it.
public func makeContext(schema: String = "") throws -> SQLContext {
    let context = try SQLContext(path: nil)
    if !schema.isEmpty { try context.execute(script: schema) }
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

/// A database of `rows` rows of about 1 KB, enough pages for a backup in many steps.
public func fillItems(_ db: SQLContext, rows: Int) throws {
    try db.exec(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, body TEXT)")
    try db.transaction {
        for id in 1...rows {
            try db.exec(sql: "INSERT INTO item (id, body) VALUES (?, ?)", parameters: [.long(Int64(id)), .text(String(repeating: "x", count: 1_000) + "\(id)")])
        }
    }
    try db.setUserVersion(7)
}
