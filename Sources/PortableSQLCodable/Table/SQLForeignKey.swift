
/// A column's reference to a column of another table (`REFERENCES … ON DELETE …`).
///
/// SQLite enforces foreign keys on a connection once `foreignKeysEnabled` is on (or from the
/// start, with `SQLStrictness.foreignKeys`).
public struct SQLForeignKey: Hashable, Sendable {
    /// The referenced table.
    public var table: SQLTable
    // An array, so that a column (which holds its reference) is not stored inside itself.
    private var columns: [SQLColumn]
    /// What happens when the referenced row is deleted; `nil` leaves SQLite's default (NO ACTION).
    public var deleteAction: SQLForeignKeyAction?
    /// What happens when the referenced key changes; `nil` leaves SQLite's default (NO ACTION).
    public var updateAction: SQLForeignKeyAction?

    /// A reference to `column` of `table`.
    public init(table: SQLTable, column: SQLColumn, onDelete deleteAction: SQLForeignKeyAction? = nil, onUpdate updateAction: SQLForeignKeyAction? = nil) {
        self.table = table
        self.columns = [column]
        self.deleteAction = deleteAction
        self.updateAction = updateAction
    }

    /// The referenced column.
    public var column: SQLColumn { columns[0] }

    /// The referenced table's name.
    var tableName: String { table.name }

    /// The referenced column's name.
    var columnName: String { columns[0].name }

    /// What follows `REFERENCES` in SkipSQL's form: `"table"("column")`, with the table in
    /// `schema` when given, and the ON DELETE / ON UPDATE actions.
    public func referencesClause(inSchema schema: String? = nil) -> String {
        var clause = (schema.map { $0.quotedIdentifier + "." } ?? "") + tableName.quotedIdentifier + "(" + columnName.quotedIdentifier + ")"
        if let deleteAction { clause += " ON DELETE \(deleteAction.rawValue)" }
        if let updateAction { clause += " ON UPDATE \(updateAction.rawValue)" }
        return clause
    }
}
