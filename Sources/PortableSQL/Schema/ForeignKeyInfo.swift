/// One foreign key of a table, as `SQLContext.foreignKeys(of:in:)` returns it.
public struct ForeignKeyInfo: Hashable, Sendable {
    /// The table referred to.
    public var referencedTable: String
    /// The columns of this table that refer, in order.
    public var columns: [String]
    /// The columns referred to, in the same order; `nil` for each when the key names none and
    /// so refers to the referenced table's primary key.
    public var referencedColumns: [String?]
    /// The action on update of the referenced key: "NO ACTION", "CASCADE", "SET NULL", "SET DEFAULT" or "RESTRICT".
    public var onUpdate: String
    /// The action on delete of the referenced row, in the same words.
    public var onDelete: String

    /// A foreign key with these values.
    public init(referencedTable: String, columns: [String], referencedColumns: [String?], onUpdate: String, onDelete: String) {
        self.referencedTable = referencedTable
        self.columns = columns
        self.referencedColumns = referencedColumns
        self.onUpdate = onUpdate
        self.onDelete = onDelete
    }
}
