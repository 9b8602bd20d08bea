/// What the database does to referencing rows when the referenced row is deleted or its key changes.
public enum SQLForeignKeyAction: String, Hashable, Sendable, CaseIterable {
    /// Delete or update the referencing rows too.
    case cascade = "CASCADE"
    /// Set the referencing column to NULL.
    case setNull = "SET NULL"
    /// Set the referencing column to its default.
    case setDefault = "SET DEFAULT"
    /// Refuse the change at once, even inside a transaction.
    case restrict = "RESTRICT"
    /// Refuse the change when the statement ends (SQLite's default).
    case noAction = "NO ACTION"
}

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
