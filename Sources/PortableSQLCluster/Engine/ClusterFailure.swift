/// An error of a statement, as SQLite would report it: a code and a message.
struct ClusterFailure: Error {
    let code: Int32
    let message: String

    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The failure a node answered. A node that stepped a statement sent as a write which
    /// returned a row answers SQLITE_ROW (or DONE, or OK) as a failure: those codes never leave
    /// `sqlite3_step` as errors (the caller would step again, forever), so they become
    /// SQLITE_ERROR with a message that says what happened.
    init(nodeCode: UInt64, message: String) {
        let code = Int32(truncatingIfNeeded: nodeCode)
        if [ClusterResultCodes.ok, ClusterResultCodes.row, ClusterResultCodes.done].contains(code & 0xFF) {
            self.init(
                code: ClusterResultCodes.error,
                message: "dqlite cluster: the statement was sent as a write but answered a row (node code \(code)); a statement that returns rows cannot run as a write on a cluster")
        } else {
            self.init(code: code, message: message)
        }
    }
}
