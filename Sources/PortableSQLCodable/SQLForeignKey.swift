
/// A column's reference to a column of another table (`REFERENCES … ON DELETE …`).
///
/// Foreign keys are enforced: `SQLContext` turns `PRAGMA foreign_keys` on when it opens.
public struct SQLForeignKey: Hashable, Sendable {
    /// The referenced table's name.
    public let tableName: String
    /// The referenced column's name.
    public let columnName: String
    /// What happens when the referenced row is deleted; `nil` leaves SQLite's default (NO ACTION).
    public let onDelete: SQLForeignKeyAction?
    /// What happens when the referenced key changes; `nil` leaves SQLite's default (NO ACTION).
    public let onUpdate: SQLForeignKeyAction?

    /// A reference to `column` of `table`.
    public init(table: SQLTable, column: SQLColumn, onDelete: SQLForeignKeyAction? = nil, onUpdate: SQLForeignKeyAction? = nil) {
        self.tableName = table.name
        self.columnName = column.name
        self.onDelete = onDelete
        self.onUpdate = onUpdate
    }
}
