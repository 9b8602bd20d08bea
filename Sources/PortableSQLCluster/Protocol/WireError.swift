import Foundation

/// What went wrong talking to a dqlite node, before it becomes a `SQLError`.
enum WireError: Error, CustomStringConvertible {
    /// No connection could be made to the address.
    case unreachable(address: String, reason: String)
    /// No node named a leader that could be reached, within the leader search time.
    case noLeader(String)
    /// The node did not answer within the time allowed.
    case timedOut(address: String, seconds: Double)
    /// The node closed the connection.
    case closed(address: String)
    /// What the peer sent is not dqlite's protocol.
    case malformed(String)
    /// The node answered with a failure: a SQLite (extended) result code and its message.
    case failure(code: UInt64, message: String)

    var description: String {
        switch self {
        case .unreachable(let address, let reason): return "cannot connect to \(address): \(reason)"
        case .noLeader(let detail): return detail
        case .timedOut(let address, let seconds): return "\(address) did not answer within \(String(format: "%.2g", seconds)) s"
        case .closed(let address): return "\(address) closed the connection"
        case .malformed(let what): return "the peer does not speak dqlite's protocol (\(what))"
        case .failure(_, let message): return message
        }
    }
}
