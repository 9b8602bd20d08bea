#if Tool
/// What the shell prints beside the rows of each statement, as sqlite3's `.changes`, `.timer`,
/// `.eqp` and `.stats` choose (all off at first).
struct ShellReports {
    /// What `.eqp` prints before each statement that is not an `EXPLAIN` itself.
    enum QueryPlans: String {
        /// Nothing.
        case off
        /// The statement's query plan as a tree.
        case on
        /// As `on` (sqlite3 adds the plans of triggers, which sqlctx cannot ask SQLite for).
        case trigger
        /// The query plan, then the statement's bytecode program as `EXPLAIN` lays it out.
        case full
    }

    /// `.changes on`: after the statements of each line (or script chunk) that all ran, the
    /// rows the last one changed and all the rows changed since the database was opened.
    var changes = false
    /// `.timer on`: after the statements of each line, the time they took.
    var timer = false
    /// `.eqp`: before each statement, its query plan (and program).
    var queryPlans = QueryPlans.off
    /// `.stats`: after each statement, SQLite's counters.
    var statistics = ShellStatistics.Report.off
}
#endif
