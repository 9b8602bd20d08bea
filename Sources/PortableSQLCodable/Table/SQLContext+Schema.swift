extension SQLContext {
    /// Creates the type's table (in `schema`, when given), with its constraints, foreign keys and
    /// indexes, unless it exists: SkipSQL's `CREATE TABLE IF NOT EXISTS` and `CREATE INDEX IF NOT
    /// EXISTS`, one after the other. Calling it again changes nothing.
    ///
    /// - Throws: `SQLError`: `SQLITE_MISUSE` for a declaration that cannot be a table (see
    ///   `SQLTable`), or SQLite's error.
    public func createTableIfNotExists<T: SQLCodable>(_ type: T.Type, inSchema schema: String? = nil) throws {
        let table = T.table
        try exec(sql: try table.createStatement(inSchema: schema))
        for index in table.createIndexStatements(inSchema: schema) {
            try exec(sql: index)
        }
    }

    /// Drops the type's table (and its indexes) when it exists.
    ///
    /// - Throws: `SQLError`, for example `SQLITE_CONSTRAINT_FOREIGNKEY` when other rows reference it.
    public func dropTableIfExists<T: SQLCodable>(_ type: T.Type) throws {
        try exec(sql: "DROP TABLE IF EXISTS \(T.table.quotedIdentifier)")
    }

    /// Whether the type's table exists.
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    public func tableExists<T: SQLCodable>(_ type: T.Type) throws -> Bool {
        try !selectAll(sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", parameters: [.text(T.table.name)]).isEmpty
    }

    /// Adds `column` to the type's table unless the table has a column of that name, with its
    /// index when it names one. Returns whether the column was added.
    ///
    /// SQLite's rules for added columns apply: no primary key or UNIQUE, and NOT NULL only with a
    /// non-NULL default.
    /// - Throws: `SQLError` from SQLite when the column cannot be added.
    @discardableResult
    public func addColumnIfNotExists<T: SQLCodable>(_ column: SQLColumn, to type: T.Type) throws -> Bool {
        try addColumnIfNotExists(column, to: T.table)
    }

    /// Adds `column` to `table` (in `schema`, when given) unless it has a column of that name
    /// (compared as SQLite does, ignoring ASCII case), with its index when it names one, as
    /// SkipSQL does: `ALTER TABLE … ADD COLUMN`, then `CREATE INDEX`. Returns whether the column
    /// was added. Works on every SQLite from 3.15 on.
    ///
    /// - Throws: `SQLError` from SQLite when the column cannot be added (see the generic form).
    @discardableResult
    public func addColumnIfNotExists(_ column: SQLColumn, to table: SQLTable, inSchema schema: String? = nil) throws -> Bool {
        guard try !columns(for: table.name, in: schema ?? "main").contains(where: { $0.name.sqliteCaseFolded == column.name.sqliteCaseFolded }) else { return false }
        for statement in table.addColumnSQL(column: column, inSchema: schema) {
            try exec(statement)
        }
        return true
    }
}
