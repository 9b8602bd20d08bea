/// An error of a statement, as SQLite would report it: a code and a message.
struct ClusterFailure: Error {
    let code: Int32
    let message: String
}
