// Fetching one record by its primary key, as a server does for each request: the SELECT is
// derived from the table once and kept in the statement cache, so that each fetch binds, steps
// and reads, and builds no SQL text.
extension SQLContext {
    /// The record whose primary key (one value per key column, in order) is `primaryKey`, or `nil`.
    ///
    /// The statement is the one `query(type).where(…)` runs, character for character. It is
    /// cached per table for a table declared in code; a plain `Codable` record's table (created on
    /// first use) and a NULL key (`IS NULL`, another text) take the query's own path.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the number of values does not match the key;
    ///   errors from reading or decoding.
    func fetch<T: SQLCodable>(_ type: T.Type, primaryKey: [SQLValue]) throws -> T? {
        let table = T.table
        // Counted, not collected: the key columns are gathered only to build the SQL.
        var keyCount = 0
        for column in table.columns where column.primaryKey { keyCount += 1 }
        guard keyCount > 0, keyCount == primaryKey.count else {
            throw SQLError(code: .misuse, message: "\(table.name) has a primary key of \(keyCount) column(s); \(primaryKey.count) value(s) given")
        }
        func predicate() -> SQLPredicate {
            SQLPredicate.all(zip(table.primaryKeyColumns, primaryKey).map { $0.equals($1) })
        }
        if !table.createdOnFirstUse, table.definitionError == nil, !primaryKey.contains(.null),
            let statement = try checkOutStatement(derivedFrom: table.layout, variant: RecordStatement.fetchByKey.rawValue, sql: {
                query(type).where(predicate()).expression.sql
            })
        {
            defer {
                statement.reset()
                checkIn(statement)
            }
            // A table name with a `?` in it (`pragma_table_info(?)`) adds a parameter: such a
            // table takes the query's path, which binds as SkipSQL does.
            if statement.parameterCount == primaryKey.count {
                try statement.bind(parameters: primaryKey)
                guard try statement.next() else { return nil }
                return try T.readOne(from: statement, context: self, tableName: table.name)
            }
        }
        let cursor = try query(type).where(predicate()).eval()
        defer { cursor.close() }
        return try cursor.load(count: 1).first
    }
}
