extension SQLContext {
    /// Runs `body` over `tables`, those of them created on first use (a plain `Codable` record's)
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
        try creatingRecordTables(tables, inSchema: schema, standingIn: false) { _ in try body() }
    }

    /// Runs `body`, a statement that only reads, over `tables` as `creatingRecordTables(_:inSchema:_:)`
    /// does, with one more case: on a read-only database (a pool's reader, say) a table created
    /// on first use that does not exist yet, and cannot be created there, reads as empty. `body`
    /// gets the text to put before its statement: nothing, or a `WITH` clause that names each
    /// such table for an empty row set of its columns (a common table expression takes the
    /// place of a table of its name in the statement, and only there).
    ///
    /// - Throws: as `creatingRecordTables(_:inSchema:_:)`.
    @usableFromInline
    func creatingRecordTables<R>(_ tables: [SQLTable], inSchema schema: String?, reading body: (_ prefix: String) throws -> R) throws -> R {
        try creatingRecordTables(tables, inSchema: schema, standingIn: true, body)
    }

    private func creatingRecordTables<R>(_ tables: [SQLTable], inSchema schema: String?, standingIn: Bool, _ body: (String) throws -> R) throws -> R {
        for table in tables { if let failure = table.definitionError { throw failure } }
        var incomplete: [IncompleteTable] = []
        for table in tables where table.createdOnFirstUse {
            if let found = try checkOnce(table, inSchema: schema) { incomplete.append(found) }
        }
        if !incomplete.isEmpty {
            // Run as it is, a statement over a table that lacks a column would take the quoted
            // name for a string (a SELECT reads it as every row's value; a DELETE … WHERE
            // compares with it): a read sees the columns through stand-ins, anything else fails.
            guard standingIn, schema == nil, let prefix = try standIns(for: incomplete) else {
                if let lacking = incomplete.first(where: { $0.existing != nil }) { throw lacking.error }
                return try body("")
            }
            return try body(prefix)
        }
        do {
            return try body("")
        } catch let error as SQLError {
            do {
                try createTables(tables, after: error, inSchema: schema)
            } catch let failure as SQLError where failure.code == error.code && failure.message == error.message {
                let missing = tables.filter(\.createdOnFirstUse).map { IncompleteTable(table: $0, existing: nil, failure: failure) }
                guard standingIn, schema == nil, Self.isMissingSchemaObject(error.message), isReadOnly,
                      let prefix = try standIns(for: missing) else { throw failure }
                return try body(prefix)
            }
            return try body("")
        }
    }

    /// A table created on first use that could not be created or given all its columns here
    /// (on a read-only database, say).
    private struct IncompleteTable {
        let table: SQLTable
        /// The stored table's columns, by their names in lower case; `nil` when it does not exist.
        let existing: Set<String>?
        /// Why it could not be made whole.
        let failure: any Error

        /// The error of a statement that cannot run without the missing columns.
        var error: any Error {
            guard let existing, let failure = failure as? SQLError else { return failure }
            let missing = table.columns.filter { !existing.contains($0.name.sqliteCaseFolded) }.map(\.name)
            return SQLError(code: failure.resultCode, message: "table \(table.name) lacks column(s) \(missing.joined(separator: ", ")), which cannot be added here: \(failure.message)")
        }
    }

    /// A `WITH` clause that stands for each of `tables` in the main database as a row set of
    /// all its columns: an empty one for a table that does not exist, the stored rows with NULL
    /// for each missing column otherwise. `nil` when a table is elsewhere than in main.
    ///
    /// - Throws: `SQLError` from SQLite.
    private func standIns(for tables: [IncompleteTable]) throws -> String? {
        var standIns: [String] = []
        for incomplete in tables {
            let table = incomplete.table
            let inMain = try !selectAll(sql: "SELECT 1 FROM main.sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE", parameters: [.text(table.name)]).isEmpty
            let columns = table.columns.map(\.quotedIdentifier).joined(separator: ", ")
            if let existing = incomplete.existing {
                guard inMain else { return nil }
                let values = table.columns.map { existing.contains($0.name.sqliteCaseFolded) ? $0.quotedIdentifier : "NULL" }.joined(separator: ", ")
                standIns.append("\(table.quotedIdentifier)(\(columns)) AS (SELECT \(values) FROM main.\(table.quotedIdentifier))")
            } else {
                guard !inMain else { continue }
                let nulls = table.columns.map { _ in "NULL" }.joined(separator: ", ")
                standIns.append("\(table.quotedIdentifier)(\(columns)) AS (SELECT \(nulls) LIMIT 0)")
            }
        }
        return standIns.isEmpty ? nil : "WITH " + standIns.joined(separator: ", ") + " "
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
        } catch let conflict as SQLError where conflict.code == .mismatch || conflict.code == .misuse {
            throw conflict
        } catch {
            throw original
        }
    }

    /// Creates `table` or adds its missing columns, the first time this context uses it (in
    /// `schema`). A cached marker statement remembers that it was done: the statement cache is
    /// the context's memory of what it prepared, and dropping the marker only means checking
    /// again. Returns what is missing when that cannot be done here (a read-only database).
    ///
    /// - Throws: as `checkColumnTypes(_:_:)`; `SQLError` from SQLite.
    private func checkOnce(_ table: SQLTable, inSchema schema: String?) throws -> IncompleteTable? {
        var firstUse = false
        let key: StatementKey = schema.map { .text("SELECT 1 /* \(ObjectIdentifier(table.layout)) \($0) */") }
            ?? .derived(ObjectIdentifier(table.layout), variant: RecordStatement.tableChecked.rawValue)
        guard let marker = try checkOutStatement(key: key, owner: table.layout, sql: {
            firstUse = true
            return "SELECT 1"
        }) else { return nil }
        checkIn(marker)
        guard firstUse else { return nil }
        do {
            try claimTableName(table)
            try createOrAddColumns(table, inSchema: schema)
            return nil
        } catch {
            // Not done: the next use checks again.
            marker.finalize()
            if let conflict = error as? SQLError, conflict.code == .mismatch || conflict.code == .misuse { throw conflict }
            let declared = try declaredTypes(of: table, inSchema: schema)
            try Self.checkColumnTypes(table, declared)
            guard !declared.isEmpty else { return IncompleteTable(table: table, existing: nil, failure: error) }
            let existing = Set(declared.keys)
            guard table.columns.contains(where: { !existing.contains($0.name.sqliteCaseFolded) }) else { return nil }
            return IncompleteTable(table: table, existing: existing, failure: error)
        }
    }

    /// Claims `table`'s name in this context for its record type, when the type's table is
    /// named after it: two such types (`Gamma.Item` and a top-level `Gamma_Item`, two types
    /// local to functions, names that differ only in case) would read each other's rows. A
    /// cached marker statement holds the claim, as `checkOnce` does.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when another such type claimed the name here.
    func claimTableName(_ table: SQLTable) throws {
        guard let schema = table.layout.codableSchema, schema.namedByDefault else { return }
        let claim = "SELECT 1 /* \(String(reflecting: schema.recordType)) */"
        let key = StatementKey.text("SELECT 1 /* the record table \(table.name.sqliteCaseFolded) */")
        guard let marker = try checkOutStatement(key: key, owner: nil, sql: { claim }) else { return }
        defer { checkIn(marker) }
        guard marker.sql != claim else { return }
        let other = marker.sql.dropFirst("SELECT 1 /* ".count).dropLast(" */".count)
        throw SQLError(code: .misuse, message: "\(String(reflecting: schema.recordType)) and \(other) would both use the table \(table.name) (SQLite's table names ignore case); declare a tableName for one of them")
    }

    /// Whether SQLite's `message` says a table or column does not exist.
    private static func isMissingSchemaObject(_ message: String) -> Bool {
        message.hasPrefix("no such table") || message.hasPrefix("no such column") || message.contains(" has no column named ")
    }

    /// Creates `table` when it does not exist, and adds the columns it has that the stored
    /// table lacks.
    ///
    /// - Throws: `SQLError` from SQLite; as `checkColumnTypes(_:_:)`.
    func createOrAddColumns(_ table: SQLTable, inSchema schema: String?) throws {
        try exec(sql: table.createStatement(inSchema: schema))
        let declaredTypes = try self.declaredTypes(of: table, inSchema: schema)
        for column in table.columns where declaredTypes[column.name.sqliteCaseFolded] == nil {
            for statement in table.addColumnSQL(column: column, inSchema: schema) { try exec(statement) }
        }
        try Self.checkColumnTypes(table, declaredTypes)
    }

    /// Checks that the stored columns of `table` keep the values of its properties as they are.
    ///
    /// - Throws: as `checkColumnTypes(_:_:)`; `SQLError` from SQLite.
    func checkColumnTypes(_ table: SQLTable, inSchema schema: String?) throws {
        try Self.checkColumnTypes(table, declaredTypes(of: table, inSchema: schema))
    }

    /// - Throws: `SQLError` (`SQLITE_MISMATCH`) when an existing column was declared for values
    ///   that SQLite would change its property's into (see `StoredColumnAffinity`).
    private static func checkColumnTypes(_ table: SQLTable, _ declaredTypes: [String: String]) throws {
        for column in table.columns {
            guard let declared = declaredTypes[column.name.sqliteCaseFolded] else { continue }
            if let conflict = StoredColumnAffinity.conflict(table: table.name, column: column.name, declaredType: declared, storing: column.type) {
                throw conflict
            }
        }
    }

    /// The declared type of each stored column of `table`, by its name case-folded as SQLite does.
    private func declaredTypes(of table: SQLTable, inSchema schema: String?) throws -> [String: String] {
        let pragma = schema.map { "PRAGMA \($0.quotedIdentifier).table_info(" } ?? "PRAGMA table_info("
        var declaredTypes: [String: String] = [:]
        for row in try selectAll(sql: pragma + table.name.quotedIdentifier + ")") where row.count > 2 {
            if let name = row[1].textValue { declaredTypes[name.sqliteCaseFolded] = row[2].textValue ?? "" }
        }
        return declaredTypes
    }
}
