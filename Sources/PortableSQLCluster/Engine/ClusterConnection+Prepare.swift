extension ClusterConnection {
    /// Prepares `sql` on `client`, the leader connection.
    ///
    /// dqlite 1.11 answers PREPARE from the leader's database as it stands, without first
    /// applying the log entries the cluster has committed (its QUERY and EXEC wait for them, as
    /// later dqlite's PREPARE does): a node just elected may not have a table created before
    /// the election yet, and refuses a statement that names it ("no such table"). A PREPARE
    /// that SQLite refuses is therefore tried once more after a query has made the leader apply
    /// its log, once per leader connection; SQL that is wrong costs three more requests then.
    ///
    /// - Throws: `WireError`, as `WireClient.prepare(database:_:)` throws.
    func prepare(_ sql: String, on client: WireClient) throws -> (id: UInt32, parameterCount: Int) {
        do {
            return try client.prepare(database: databaseID, sql)
        } catch WireError.failure(let code, _) where code & 0xFF == UInt64(ClusterResultCodes.error) && appliedLogGeneration != generation {
            appliedLogGeneration = generation
            try applyLog(on: client)
            return try client.prepare(database: databaseID, sql)
        }
    }

    /// Runs a query that returns one row, which the leader answers only once it has applied
    /// every entry committed before it.
    ///
    /// - Throws: `WireError`.
    private func applyLog(on client: WireClient) throws {
        let query = try client.prepare(database: databaseID, "SELECT 1")
        try client.startQuery(database: databaseID, statement: query.id, [])
        while try !client.nextBatch().isLast {}
        try client.finalize(database: databaseID, statement: query.id)
    }
}
