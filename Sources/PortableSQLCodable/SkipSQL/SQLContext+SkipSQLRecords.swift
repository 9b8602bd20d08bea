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

    /// The sum of `column` over the matching rows; see `sum(_:of:where:)`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func sum<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try sum(column, of: type, inSchema: schema, where: predicate)
    }

    /// The average of `column` over the matching rows; see `average(_:of:where:)`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func avg<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try average(column, of: type, inSchema: schema, where: predicate)
    }

    /// The smallest value of `column` over the matching rows; see `minimum(_:of:where:)`.
    ///
    /// Kept under SkipSQL's name, which SkipSQL code calls. Inside an extension of `SQLContext`,
    /// this name hides the standard library's `min(_:_:)`: write `Swift.min(a, b)` there.
    /// PortableSQL's own name for it is `minimum(_:of:where:)`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func min<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try minimum(column, of: type, inSchema: schema, where: predicate)
    }

    /// The largest value of `column` over the matching rows; see `maximum(_:of:where:)`.
    ///
    /// Kept under SkipSQL's name, which SkipSQL code calls. Inside an extension of `SQLContext`,
    /// this name hides the standard library's `max(_:_:)`: write `Swift.max(a, b)` there.
    /// PortableSQL's own name for it is `maximum(_:of:where:)`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func max<T: SQLCodable>(column: SQLColumn, of type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> SQLValue {
        try maximum(column, of: type, inSchema: schema, where: predicate)
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
