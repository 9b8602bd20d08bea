/// A query over the records of a context: `SQLTableQuery` (one table) and the join queries
/// `SQLJoin2Query`, `SQLJoin3Query`. As in SkipSQL, it says which context runs it.
public protocol SQLQuery {
    /// The context the query runs on.
    var context: SQLContext { get }
}
