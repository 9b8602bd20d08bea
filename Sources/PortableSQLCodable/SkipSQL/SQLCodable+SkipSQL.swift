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
