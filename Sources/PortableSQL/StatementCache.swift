/// The context's bounded cache of prepared statements, keyed by SQL text.
///
/// `exec`, `selectAll` and the mapping layer run the same few statements again and again; the
/// cache saves parsing them each time. When full, the statement cached longest ago is finalized.
struct StatementCache {
    /// How many statements the cache keeps.
    static let capacity = 64

    private var statements: [String: SQLStatement] = [:]
    private var insertionOrder: [String] = []

    /// The cached statement for `sql`, if any.
    func statement(for sql: String) -> SQLStatement? {
        statements[sql]
    }

    /// Caches `statement` under its SQL text, evicting the oldest entry when full.
    mutating func insert(_ statement: SQLStatement) {
        if statements.count >= Self.capacity, !insertionOrder.isEmpty {
            let oldest = insertionOrder.removeFirst()
            statements.removeValue(forKey: oldest)?.close()
        }
        statements[statement.sql] = statement
        insertionOrder.append(statement.sql)
    }

    /// Finalizes and forgets every cached statement.
    mutating func removeAll() {
        for statement in statements.values { statement.close() }
        statements.removeAll()
        insertionOrder.removeAll()
    }
}
