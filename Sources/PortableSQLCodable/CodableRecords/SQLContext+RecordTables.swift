extension SQLContext {
    /// Runs `body` over `tables`, those of them created on first use (a `SQLCodableRecord`'s)
    /// made to exist with all their columns: checked once per context before `body` runs, and
    /// again when `body` fails because a table or column is missing (the table
    /// was dropped since), after which `body` runs once more.
    ///
    /// The check must come first for statements that read: SQLite takes a double-quoted name
    /// that is no column for a string, so a SELECT of a missing column succeeds with wrong
    /// values. An INSERT names its columns where only columns may stand, and fails instead.
    ///
    /// - Throws: a table's `definitionError`; what `body` throws; when creating fails (a
    ///   read-only database, say), the first error.
    @usableFromInline
    func creatingRecordTables<R>(_ tables: [SQLTable], inSchema schema: String?, _ body: () throws -> R) throws -> R {
        for table in tables { if let failure = table.definitionError { throw failure } }
        for table in tables where table.createdOnFirstUse { try checkOnce(table, inSchema: schema) }
        do {
            return try body()
        } catch let error as SQLError {
            try createTables(tables, after: error, inSchema: schema)
            return try body()
        }
    }

    /// After `error`, creates those of `tables` that are created on first use, or adds their
    /// missing columns, when the error says a table or column is missing.
    ///
    /// - Throws: `error` when it says something else, when none of `tables` is created on
    ///   first use, or when creating fails (a read-only database, say).
    func createTables(_ tables: [SQLTable], after original: SQLError, inSchema schema: String?) throws {
        let managed = tables.filter(\.createdOnFirstUse)
        guard original.code == .error, Self.isMissingSchemaObject(original.message), !managed.isEmpty else { throw original }
        do {
            for table in managed { try createOrAddColumns(table, inSchema: schema) }
        } catch {
            throw original
        }
    }

    /// Creates `table` or adds its missing columns, the first time this context uses it (in
    /// `schema`). A cached marker statement remembers that it was done: the statement cache is
    /// the context's memory of what it prepared, and dropping the marker only means checking
    /// again.
    private func checkOnce(_ table: SQLTable, inSchema schema: String?) throws {
        var firstUse = false
        let key: StatementKey = schema.map { .text("SELECT 1 /* \(ObjectIdentifier(table.layout)) \($0) */") }
            ?? .derived(ObjectIdentifier(table.layout), variant: RecordStatement.tableChecked.rawValue)
        guard let marker = try checkOutStatement(key: key, owner: table.layout, sql: {
            firstUse = true
            return "SELECT 1"
        }) else { return }
        checkIn(marker)
        guard firstUse else { return }
        do {
            try createOrAddColumns(table, inSchema: schema)
        } catch {
            // Not done: the next use checks again. Failing here is no error yet: a read-only
            // database with the table in place needs nothing, and one without it fails with
            // SQLite's own error when the statement runs.
            marker.finalize()
        }
    }

    /// Whether SQLite's `message` says a table or column does not exist.
    private static func isMissingSchemaObject(_ message: String) -> Bool {
        message.hasPrefix("no such table") || message.hasPrefix("no such column") || message.contains(" has no column named ")
    }

    /// Creates `table` when it does not exist, and adds the columns it has that the stored
    /// table lacks.
    ///
    /// - Throws: `SQLError` from SQLite.
    func createOrAddColumns(_ table: SQLTable, inSchema schema: String?) throws {
        try exec(sql: table.createStatement(inSchema: schema))
        let pragma = schema.map { "PRAGMA \($0.quotedIdentifier).table_info(" } ?? "PRAGMA table_info("
        let existing = Set(try selectAll(sql: pragma + table.name.quotedIdentifier + ")").compactMap { $0.count > 1 ? $0[1].textValue?.lowercased() : nil })
        for column in table.columns where !existing.contains(column.name.lowercased()) {
            for statement in table.addColumnSQL(column: column, inSchema: schema) { try exec(statement) }
        }
    }
}
