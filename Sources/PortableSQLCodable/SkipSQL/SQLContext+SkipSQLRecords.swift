// SkipSQL's names for record operations that PortableSQL spells otherwise, so that code written
// for SkipSQL compiles unchanged. Each is the PortableSQL operation it names.
extension SQLContext {
    /// Inserts `record` (or, with `upsert`, updates the row with its key or inserts it) and
    /// returns it as stored; see `insert(_:inSchema:)` and `save(_:inSchema:)`.
    ///
    /// - Throws: as `insert(_:inSchema:)` or `save(_:inSchema:)`.
    @discardableResult
    public func insert<T: SQLCodable>(_ record: T, inSchema schema: String? = nil, upsert: Bool) throws -> T {
        upsert ? try save(record, inSchema: schema) : try insert(record, inSchema: schema)
    }

    /// Inserts `record` and replaces it with the record as stored (with the key the database
    /// assigned); with `refresh`, as read back from the table, so that column defaults and
    /// triggers show.
    ///
    /// - Throws: as `insert(_:inSchema:)`, and as `refresh(_:)`.
    public func inserted<T: SQLCodable>(_ record: inout T, refresh: Bool = false) throws {
        record = try insert(record)
        if refresh { try self.refresh(&record) }
    }

    /// Replaces `record` with its row as the table holds it now, found by its primary key; when
    /// no row has the key, leaves it as it was (as SkipSQL does).
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the table has no primary key; errors from
    ///   reading or decoding.
    public func refresh<T: SQLCodable>(_ record: inout T) throws {
        record = try fetch(T.self, primaryKey: record.primaryKeyValues) ?? record
    }

    /// Deletes every row of the type's table; `changes` tells how many.
    ///
    /// - Throws: `SQLError` from SQLite (a foreign key that restricts the delete, for example).
    public func deleteAll<T: SQLCodable>(_ type: T.Type, inSchema schema: String? = nil) throws {
        try delete(type, inSchema: schema, where: nil)
    }

    /// The record whose primary key is `primaryKeys`, or `nil`; see `fetch(_:id:)`.
    ///
    /// - Throws: as `fetch(_:id:)`.
    public func fetch<T: SQLCodable>(_ type: T.Type, primaryKeys: [SQLValue]) throws -> T? {
        try fetch(type, primaryKey: primaryKeys)
    }

    /// The sum of `column` over the matching rows (`.null` when none).
    ///
    /// - Throws: `SQLError` from SQLite (an integer overflow, for example).
    public func sum<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try aggregate("SUM(\(column.quotedIdentifier))", type, schema, predicate)
    }

    /// The average of `column` over the matching rows (`.null` when none).
    ///
    /// - Throws: `SQLError` from SQLite.
    public func avg<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try aggregate("AVG(\(column.quotedIdentifier))", type, schema, predicate)
    }

    /// The smallest value of `column` over the matching rows (`.null` when none).
    ///
    /// Inside an extension of `SQLContext`, this name hides the standard library's `min(_:_:)`:
    /// write `Swift.min(a, b)` there. Typed queries have `select(.min(\.property))`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func min<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try aggregate("MIN(\(column.quotedIdentifier))", type, schema, predicate)
    }

    /// The largest value of `column` over the matching rows (`.null` when none).
    ///
    /// Inside an extension of `SQLContext`, this name hides the standard library's `max(_:_:)`:
    /// write `Swift.max(a, b)` there. Typed queries have `select(.max(\.property))`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func max<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try aggregate("MAX(\(column.quotedIdentifier))", type, schema, predicate)
    }

    /// The rows of `expression` as arrays of values, read as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared or bound.
    public func cursor(_ expression: SQLExpression) throws -> RowCursor<[SQLValue]> {
        let statement = try prepare(expr: expression)
        return RowCursor(statement: statement) { statement.rowValues() }
    }
}

extension SQLCodable {
    /// `SELECT "a", "b", … FROM "table"` over the type's columns (with `alias`: `SELECT t."a", …
    /// FROM "table" AS t`), as SkipSQL writes it; a table name with a `?` in it (such as
    /// `pragma_table_info(?)`) is written as it is.
    public static func selectSQL(alias: String? = nil) -> SQLExpression {
        let columns = table.columns.map { $0.quotedName(alias: alias) }.joined(separator: ", ")
        let source = table.name.contains("?") ? table.name : table.quotedIdentifier
        return SQLExpression("SELECT \(columns) FROM \(source)" + (alias.map { " AS " + $0 } ?? ""))
    }
}

extension SQLContext {
    /// A row of `columns` holding `values`, paired in order (extra columns or values are left
    /// out, as `zip` does; a column given twice keeps its last value).
    ///
    /// - Throws: never; declared `throws` as SkipSQL's is.
    public func createSQLRow(_ columns: [SQLColumn], _ values: [SQLValue]) throws -> SQLRow {
        var row = SQLRow()
        for (column, value) in zip(columns, values) { row[column] = value }
        return row
    }

    /// `function(column)` over the type's rows matching `predicate`, as `SELECT function("column")
    /// FROM "table" WHERE …`: `"COUNT"`, `"TOTAL"`, `"GROUP_CONCAT"`, any aggregate SQLite has.
    ///
    /// - Throws: `SQLError` from SQLite (an unknown function, say).
    public func aggregate<T: SQLCodable>(_ function: String, column: SQLColumn, type: T.Type, inSchema schemaName: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try aggregate("\(function)(\(column.quotedName()))", type, schemaName, predicate)
    }

    /// The predicate that finds `instances` by their primary key, as SkipSQL builds it.
    ///
    /// - Throws: `SQLBindingError.noPrimaryKeys` when the table has no primary key; what
    ///   `encode(row:)` throws.
    public func primaryKeyQuery<T: SQLCodable>(_ instances: [T]) throws -> SQLPredicate {
        guard !T.primaryKeyColumns.isEmpty else { throw SQLBindingError.noPrimaryKeys(T.table.name) }
        return try primaryKeyPredicate(T.table, instances.map { try $0.encodedRow() })
    }

    /// The statement SkipSQL runs for `instance`: with `upsert` `false`, the INSERT of its
    /// non-NULL values (an autoincrement key of 0 left for the database to assign); `true`, that
    /// INSERT with `ON CONFLICT(key) DO UPDATE SET` each column to the new value; `nil`, the
    /// UPDATE of its non-key columns `WHERE` the key matches. `explicitNulls` writes NULL values
    /// into the INSERT too, instead of leaving them to the columns' defaults.
    ///
    /// For a plain `Codable` record (a table created on first use, which SkipSQL has not), the
    /// table's existing columns are checked first, as `insert` checks them.
    ///
    /// - Throws: what `encode(row:)` throws; `SQLBindingError.noPrimaryKeys` for an UPDATE of a
    ///   table without a primary key; for a plain `Codable` record, `SQLError`
    ///   (`SQLITE_MISMATCH`) when an existing column would change its values.
    public func insertUpdateSQL<T: SQLCodable>(for instance: T, inSchema schemaName: String?, upsert: Bool? = nil, explicitNulls: Bool = false) throws -> SQLExpression {
        if T.table.createdOnFirstUse { try checkColumnTypes(T.table, inSchema: schemaName) }
        let table = T.table.quotedName(inSchema: schemaName)
        let row = try instance.encodedRow()
        let pairs = T.table.columns.map { ($0, row[$0] ?? .null) }
        guard let upsert else {
            var expression = SQLExpression("UPDATE \(table) SET ")
            for (index, (column, value)) in pairs.filter({ !$0.0.primaryKey }).enumerated() {
                expression.append((index > 0 ? ", " : "") + column.quotedName() + " = ")
                value.apply(to: &expression)
            }
            expression.append(" WHERE ")
            try primaryKeyQuery([instance]).apply(to: &expression)
            return expression
        }
        let written = pairs.filter { column, value in
            !(column.primaryKey && column.autoincrement && value == .defaultPrimaryKeyValue) && (explicitNulls || value != .null)
        }
        var expression = SQLExpression("INSERT INTO \(table) (" + written.map { $0.0.quotedName() }.joined(separator: ", ") + ") VALUES (")
        for (index, (_, value)) in written.enumerated() {
            if index > 0 { expression.append(", ") }
            value.apply(to: &expression)
        }
        expression.append(")")
        if upsert, !T.primaryKeyColumns.isEmpty {
            expression.append(" ON CONFLICT(" + T.primaryKeyColumns.map { $0.quotedName() }.joined(separator: ", ") + ") DO UPDATE SET ")
            expression.append(written.map { $0.0.quotedName() + " = " + $0.0.quotedName(alias: "EXCLUDED") }.joined(separator: ", "))
        }
        return expression
    }
}
