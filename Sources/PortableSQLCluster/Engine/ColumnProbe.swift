import PortableSQL

/// Reads a query's column names without running it: `SELECT * FROM (<query>) LIMIT 0` returns
/// no row and evaluates no `LIMIT ?` or other expression of the query, so NULL parameters cannot
/// make it fail. Only a SELECT, VALUES or WITH can be wrapped so.
struct ColumnProbe {
    let sql: String
    let parameterCount: Int

    /// The column names, or `nil` when the statement cannot be wrapped or the node refuses
    /// the wrapped form.
    ///
    /// - Throws: `WireError` when the connection fails or the leader changed.
    func names(on client: WireClient, database: UInt32) throws -> [String]? {
        guard let wrapped = Self.wrapped(sql) else { return nil }
        do {
            let prepared = try client.prepare(database: database, wrapped)
            defer { try? client.finalize(database: database, statement: prepared.id) }
            try client.startQuery(database: database, statement: prepared.id, Array(repeating: .null, count: prepared.parameterCount))
            return try client.nextBatch().columns
        } catch WireError.failure(let code, _) where !RetryJudge.isLeaderChange(code) {
            return nil
        }
    }

    /// The wrapped form of a SELECT, VALUES or WITH: its text without the semicolons and
    /// comments that end it, on lines of its own (a final `--` comment cannot hide the `)`).
    static func wrapped(_ sql: String) -> String? {
        let tokens = SQLTokens(sql)
        guard let first = tokens.first, ["select", "values", "with"].contains(where: { tokens.isKeyword(first, $0) }),
            let end = tokens.last(where: { $0.kind != .semicolon })?.range.upperBound
        else { return nil }
        let body = String(decoding: tokens.bytes[..<end], as: UTF8.self)
        return "SELECT * FROM (\n\(body)\n) LIMIT 0"
    }
}
