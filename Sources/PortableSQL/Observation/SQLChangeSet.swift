
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
