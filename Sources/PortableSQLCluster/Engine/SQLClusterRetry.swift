import PortableSQL

/// Whether a statement that the cluster itself cut short may be run again; see
/// `SQLError.clusterRetry`. Each cause has its own message, which says what happened:
///
/// - `.safe` (`SQLITE_IOERR_NOT_LEADER`): nothing was committed. The leader changed before
///   the statement ran (the library already tried again, 4 times in all: "the leader kept
///   changing"); or no leader could be found within the leader search time (the message names
///   each node and why: connection refused, unreachable, did not answer, knows no leader); or
///   the leader did not answer within the request timeout a statement that commits nothing;
///   or the connection broke during a transaction (rolled back) or while a query's rows were
///   read.
/// - `.outcomeUnknown` (`SQLITE_IOERR_LEADERSHIP_LOST`): the connection broke, timed out or
///   got a malformed answer while a write was on its way to be committed.
/// - `nil` for a node that answers something that is not dqlite's protocol (`SQLITE_PROTOCOL`,
///   "… is not dqlite's protocol …"): not a change of leader; the library does not retry it,
///   and running the statement again does not help while that node answers so.
///
/// Retry a `.safe` error after a pause and a bounded number of times: a change of leader is
/// over within seconds, but a cluster that is down, or a node that hangs, stays so.
public enum SQLClusterRetry: Sendable, Hashable {
    /// Nothing was committed: the statement did not run, or only read, or the transaction it
    /// belonged to was rolled back. Run it again (a transaction from its start), a bounded
    /// number of times. The error's code is `SQLITE_IOERR_NOT_LEADER` and its message ends
    /// "may be retried" (or "may be retried from its start").
    case safe
    /// A write was on its way to be committed (an autocommit write, or COMMIT) when the
    /// connection to the leader was lost, timed out or answered garbage: it may or may not have
    /// been committed. Check before running it again. The error's code is
    /// `SQLITE_IOERR_LEADERSHIP_LOST` and its message says "outcome is unknown: check before
    /// retrying".
    case outcomeUnknown
}

extension SQLError {
    /// For an error of a cluster context caused by the cluster itself (a change of leader, a
    /// connection lost, refused or timed out): whether the statement may be retried. `nil` for
    /// every other error: SQL errors, constraints, …, a node's answer that is not dqlite's
    /// protocol (`SQLITE_PROTOCOL`), and the errors of the file engines.
    ///
    /// The library itself runs a statement again only when the leader changed and its outcome
    /// is known: when the node refused it before running anything, or when it only reads and
    /// none of its rows were handed out yet. It never runs a write again on its own, nor a
    /// statement that timed out or got a malformed answer.
    public var clusterRetry: SQLClusterRetry? {
        switch extendedCode.rawValue {
        case ClusterResultCodes.notLeader: return .safe
        case ClusterResultCodes.leadershipLost: return .outcomeUnknown
        default: return nil
        }
    }
}
