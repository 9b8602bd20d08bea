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
        var scanner = SQLWordScanner(sql)
        guard case .word(let first) = scanner.next(), ["SELECT", "VALUES", "WITH"].contains(first) else { return nil }
        var end = scanner.offset
        while let word = scanner.next() {
            if word != .symbol(UInt8(ascii: ";")) { end = scanner.offset }
        }
        let body = String(decoding: Array(sql.utf8)[..<end], as: UTF8.self)
        return "SELECT * FROM (\n\(body)\n) LIMIT 0"
    }
}
