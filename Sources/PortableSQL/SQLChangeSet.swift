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

/// What one committed transaction changed, within an observer's region.
public struct SQLChangeSet: Sendable, Hashable {
    /// The tables of the region that the transaction changed, named as SQLite names them.
    public let tables: Set<String>
    /// For a region of rows (`SQLObservedRegion.rows`), the changes to those rows, in the order
    /// they were made; empty for other regions.
    public let rowChanges: [SQLRowChange]

    /// A change set with these values.
    public init(tables: Set<String>, rowChanges: [SQLRowChange]) {
        self.tables = tables
        self.rowChanges = rowChanges
    }
}
