/// The SQLite result codes the cluster engine reports.
enum ClusterResultCodes {
    static let ok: Int32 = 0
    static let error: Int32 = 1
    static let interrupt: Int32 = 9
    static let readOnly: Int32 = 8
    static let cantOpen: Int32 = 14
    /// `SQLITE_PROTOCOL`: a node answered something that is not dqlite's protocol (garbage, or
    /// counts and lengths beyond its limits); not a change of leader, and not retried.
    static let protocolError: Int32 = 15
    static let mismatch: Int32 = 20
    static let misuse: Int32 = 21
    static let range: Int32 = 25
    static let row: Int32 = 100
    static let done: Int32 = 101
    /// `SQLITE_IOERR_NOT_LEADER`: the statement did not run (the node was not the leader, or
    /// none could be reached, or the transaction it belonged to was lost); it may be retried.
    static let notLeader: Int32 = 10 | (40 << 8)
    /// `SQLITE_IOERR_LEADERSHIP_LOST`: the leader changed, or the connection broke, while a
    /// write was on its way: it may or may not have been committed.
    static let leadershipLost: Int32 = 10 | (41 << 8)
    /// `SQLITE_NOTFOUND`: what a node answers ("no database opened") on a connection whose
    /// database it closed when it lost the leadership; nothing ran.
    static let databaseClosed: Int32 = 12
}
