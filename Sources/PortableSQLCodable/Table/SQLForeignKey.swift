
/// A column's reference to a column of another table (`REFERENCES … ON DELETE …`).
///
/// SQLite enforces foreign keys on a connection once `foreignKeysEnabled` is on (or from the
/// start, with `SQLStrictness.foreignKeys`).
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

    /// What follows `REFERENCES` in SkipSQL's form: `"table"("column")`, with the table in
    /// `schema` when given, and the ON DELETE / ON UPDATE actions.
    public func referencesClause(inSchema schema: String? = nil) -> String {
        var clause = (schema.map { $0.quotedIdentifier + "." } ?? "") + tableName.quotedIdentifier + "(" + columnName.quotedIdentifier + ")"
        if let onDelete { clause += " ON DELETE \(onDelete.rawValue)" }
        if let onUpdate { clause += " ON UPDATE \(onUpdate.rawValue)" }
        return clause
    }
}
