/// One index of a table, as `SQLContext.indexes(on:in:)` returns it.
public struct IndexInfo: Hashable, Sendable {
    /// The index's name (`sqlite_autoindex_…` for those SQLite made).
    public var name: String
    /// The table it indexes.
    public var table: String
    /// Whether two rows may not share a key.
    public var isUnique: Bool
    /// How it was made, as `PRAGMA index_list` says: "c" by `CREATE INDEX`, "u" by SQLite for a
    /// UNIQUE constraint, "pk" by SQLite for a PRIMARY KEY that is not the rowid.
    public var origin: String
    /// Whether it covers only the rows of a `WHERE` clause.
    public var isPartial: Bool
    /// The indexed columns, in key order; "" stands for an expression.
    public var columns: [String]

    /// An index with these values.
    public init(name: String, table: String, isUnique: Bool, origin: String, isPartial: Bool, columns: [String]) {
        self.name = name
        self.table = table
        self.isUnique = isUnique
        self.origin = origin
        self.isPartial = isPartial
        self.columns = columns
    }
}
