import PortableSQL

/// Whether a statement that a change of leader (or a lost connection to it) cut short may be
/// run again; see `SQLError.clusterRetry`.
public enum SQLClusterRetry: Sendable, Hashable {
    /// Nothing was committed: the statement did not run, or only read, or the transaction it
    /// belonged to was rolled back. Run it again (a transaction from its start). The error's
    /// code is `SQLITE_IOERR_NOT_LEADER` and its message ends "may be retried".
    case safe
    /// A write was on its way to be committed (an autocommit write, or COMMIT) when the
    /// connection to the leader was lost: it may or may not have been committed. Check before
    /// running it again. The error's code is `SQLITE_IOERR_LEADERSHIP_LOST` and its message
    /// says "outcome is unknown: check before retrying".
    case outcomeUnknown
}

extension SQLError {
    /// For an error of a cluster context caused by a change of leader or a lost connection:
    /// whether the statement may be retried. `nil` for every other error (SQL errors,
    /// constraints, …), and for the errors of the file engines.
    ///
    /// The library itself runs a statement again only when its outcome is known: when the node
    /// refused it before running anything, or when it only reads and none of its rows were
    /// handed out yet. It never runs a write again on its own.
    public var clusterRetry: SQLClusterRetry? {
        switch extendedCode.rawValue {
        case ClusterResultCodes.notLeader: return .safe
        case ClusterResultCodes.leadershipLost: return .outcomeUnknown
        default: return nil
        }
    }
}
