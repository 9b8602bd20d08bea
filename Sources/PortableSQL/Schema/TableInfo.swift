/// One entry of the schema (`sqlite_master`), as `SQLContext.tables(types:)` returns it; the
/// field names are SQLite's (and SkipSQL's).
public struct TableInfo: Hashable, Sendable {
    /// "table", "view", "index" or "trigger".
    public var type: String
    /// The name of the table, view, index or trigger.
    public var name: String
    /// The table it belongs to (its own name for a table).
    public var tbl_name: String
    /// The page where its b-tree starts (0 for views and triggers).
    public var rootpage: Int64
    /// The statement that created it; `nil` for indexes SQLite made for constraints.
    public var sql: String?

    /// An entry with these values.
    public init(type: String, name: String, tbl_name: String, rootpage: Int64, sql: String?) {
        self.type = type
        self.name = name
        self.tbl_name = tbl_name
        self.rootpage = rootpage
        self.sql = sql
    }
}
