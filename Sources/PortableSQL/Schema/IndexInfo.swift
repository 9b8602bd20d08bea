/// One index of a table, as `SQLContext.indexes(on:in:)` returns it.
public struct IndexInfo: Hashable, Sendable {
    /// How an index came to be.
    public enum Origin: String, Hashable, Sendable {
        /// Made by `CREATE INDEX`.
        case createIndex = "c"
        /// Made by SQLite for a UNIQUE constraint.
        case uniqueConstraint = "u"
        /// Made by SQLite for a PRIMARY KEY that is not the rowid.
        case primaryKey = "pk"
    }

    /// The index's name (`sqlite_autoindex_…` for those SQLite made).
    public var name: String
    /// The table it indexes.
    public var table: String
    /// Whether two rows may not share a key.
    public var isUnique: Bool
    /// How it was made.
    public var origin: Origin
    /// Whether it covers only the rows of a `WHERE` clause.
    public var isPartial: Bool
    /// The indexed columns, in key order; "" stands for an expression.
    public var columns: [String]

    /// An index with these values.
    public init(name: String, table: String, isUnique: Bool, origin: Origin, isPartial: Bool, columns: [String]) {
        self.name = name
        self.table = table
        self.isUnique = isUnique
        self.origin = origin
        self.isPartial = isPartial
        self.columns = columns
    }
}
