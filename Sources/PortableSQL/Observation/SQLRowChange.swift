/// A change to one row, as a commit reports it to an observer of rows.
public struct SQLRowChange: Sendable, Hashable {
    /// Whether the row was inserted, updated or deleted.
    public let action: SQLAction
    /// The schema of the table: "main", "temp" or an attached database's name.
    public let database: String
    /// The table, named as SQLite names it.
    public let table: String
    /// The row's rowid.
    public let rowID: Int64

    /// A change with these values.
    public init(action: SQLAction, database: String, table: String, rowID: Int64) {
        self.action = action
        self.database = database
        self.table = table
        self.rowID = rowID
    }
}
