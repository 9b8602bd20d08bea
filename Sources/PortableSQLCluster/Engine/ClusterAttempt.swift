/// Decides what a failure of one run of a statement means: run it again (nothing ran, or it
/// only reads), or report it, saying whether it may be retried or its outcome is unknown.
struct ClusterAttempt {
    /// What to do after a failure.
    enum Outcome {
        case retry
        case fail(ClusterFailure)

        /// The failure to report, when the attempt is not retried.
        var failure: ClusterFailure {
            switch self {
            case .retry: return ClusterFailure(code: ClusterResultCodes.notLeader, message: "dqlite cluster: the leader kept changing; the statement did not run and may be retried")
            case .fail(let failure): return failure
            }
        }
    }

    let connection: ClusterConnection
    let wasInTransaction: Bool
    /// Whether the statement commits the open transaction.
    let commits: Bool

    /// Judges a failure that happened before the statement was sent (finding the leader,
    /// opening the database, preparing): nothing ran.
    func judgeBeforeSending(_ error: WireError) -> Outcome {
        if case .failure(let code, let message) = error, !Self.isLeaderChange(code) {
            return .fail(ClusterFailure(nodeCode: code, message: message))
        }
        connection.dropClient()
        if wasInTransaction { return transactionLost(error) }
        if case .noLeader = error { return .fail(safe("\(error); the statement did not run and may be retried")) }
        return .retry
    }

    /// Judges a failure after the statement was sent: `mayCommit` when it could have
    /// committed a change (an autocommit write, or a COMMIT), `rowsDelivered` when rows of it
    /// were already read.
    func judgeAfterSending(_ error: WireError, mayCommit: Bool, rowsDelivered: Bool = false) -> Outcome {
        if case .failure(let code, let message) = error {
            let code = Int32(truncatingIfNeeded: code)
            if [ClusterResultCodes.notLeader, ClusterResultCodes.databaseClosed].contains(code) {
                // The node refused before running anything.
                connection.dropClient()
                return wasInTransaction ? transactionLost(error) : .retry
            }
            if code != ClusterResultCodes.leadershipLost {
                if wasInTransaction { connection.checkTransactionAfterFailure() }
                return .fail(ClusterFailure(nodeCode: UInt64(UInt32(bitPattern: code)), message: message))
            }
        }
        connection.dropClient()
        let reason = Self.reason(error)
        if mayCommit {
            connection.endTransaction()
            return .fail(
                ClusterFailure(
                    code: ClusterResultCodes.leadershipLost,
                    message: "dqlite cluster: \(reason) while a write was being committed; its outcome is unknown: check before retrying"))
        }
        if wasInTransaction { return transactionLost(error) }
        if rowsDelivered { return .fail(safe("\(reason) while rows were being read; the query may be retried")) }
        return .retry
    }

    private func transactionLost(_ error: WireError) -> Outcome {
        connection.endTransaction()
        return .fail(safe("\(Self.reason(error)) during a transaction, which was rolled back; it may be retried from its start"))
    }

    private func safe(_ message: String) -> ClusterFailure {
        ClusterFailure(code: ClusterResultCodes.notLeader, message: "dqlite cluster: \(message)")
    }

    /// Whether a node's failure code says that the leader changed (nothing of the statement ran).
    static func isLeaderChange(_ code: UInt64) -> Bool {
        let code = Int32(truncatingIfNeeded: code)
        return [ClusterResultCodes.notLeader, ClusterResultCodes.leadershipLost, ClusterResultCodes.databaseClosed].contains(code)
    }

    private static func reason(_ error: WireError) -> String {
        if case .failure = error { return "the leader lost its leadership" }
        return "the connection to the leader failed (\(error))"
    }
}
