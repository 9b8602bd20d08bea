// SkipSQL's helpers around records, so that code written for SkipSQL compiles unchanged and
// builds the SQL SkipSQL builds.

extension SQLCodable {
    /// The table's primary-key columns, in order.
    public static var primaryKeyColumns: [SQLColumn] { table.primaryKeyColumns }

    /// A record made from `row` (SkipSQL's spelling of `init(row:context:)`).
    ///
    /// - Throws: what `init(row:context:)` throws.
    public static func construct(row: SQLRow, context: SQLContext) throws -> Self {
        try Self(row: row, context: context)
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

extension SQLColumn {
    /// The column's value in `row`, `nil` when the row has none.
    public func value(in row: SQLRow) -> SQLValue? {
        row[self]
    }

    /// The column's value in `row`.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the row has no value for the column.
    public func valueRequired(in row: SQLRow) throws -> SQLValue {
        try SQLBindingError.checkNonNull(row[self], self)
    }
}

extension SQLTableQuery {
    /// The query joined with `type`'s table named `alias` (the spelling of SkipSQL's README);
    /// see `join(_:alias:schema:kind:on:)`.
    public func join<U: SQLCodable>(_ type: U.Type, _ alias: String?, schema: String? = nil, kind: SQLJoinType, on condition: (any SQLJoinCondition)?) -> SQLJoin2Query<T, U> {
        join(type, alias: alias, schema: schema, kind: kind, on: condition)
    }
}

extension SQLJoin2Query {
    /// The query joined with `type`'s table named `alias` (the spelling of SkipSQL's README);
    /// see `join(_:alias:schema:kind:on:)`.
    public func join<C: SQLCodable>(_ type: C.Type, _ alias: String?, schema: String? = nil, kind: SQLJoinType, on condition: (any SQLJoinCondition)?) -> SQLJoin3Query<A, B, C> {
        join(type, alias: alias, schema: schema, kind: kind, on: condition)
    }
}
