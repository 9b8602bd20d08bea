#if Tool
/// What the shell prints beside the rows of each statement, as sqlite3's `.changes`, `.timer`
/// and `.eqp` choose (all off at first).
struct ShellReports {
    /// `.changes on`: after the statements of each line (or script chunk) that all ran, the
    /// rows the last one changed and all the rows changed since the database was opened.
    var changes = false
    /// `.timer on`: after the statements of each line, the time they took.
    var timer = false
    /// `.eqp on`: before each statement, its query plan as a tree.
    var queryPlans = false
}
#endif
