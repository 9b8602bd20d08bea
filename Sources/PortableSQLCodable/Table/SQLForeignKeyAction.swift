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
