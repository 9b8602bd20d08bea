/// Decides what a failure of one run of a statement means: run it again (the leader changed
/// before anything ran, or the statement only reads), or report it with a code and message
/// that say what happened and whether it may be retried (see `SQLClusterRetry`).
struct RetryJudge {
    /// What to do after a failure.
    enum Outcome {
        case retry
        case fail(ClusterFailure)

        /// The failure to report, when the attempt is not retried.
        var failure: ClusterFailure {
            switch self {
            case .retry: return RetryJudge.leaderKeptChanging(nil)
            case .fail(let failure): return failure
            }
        }
    }

    let connection: ClusterConnection
    let wasInTransaction: Bool
    /// Whether the statement commits the open transaction.
    let commits: Bool

    /// The failure to report when the leader changed at every attempt; `last` is the last
    /// attempt's error, when known.
    static func leaderKeptChanging(_ last: WireError?) -> ClusterFailure {
        let cause = last.map { " (the last time: \(reason($0)))" } ?? ""
        return ClusterFailure(code: ClusterResultCodes.notLeader, message: "dqlite cluster: the leader kept changing\(cause); the statement did not run and may be retried")
    }

    /// Judges a failure that happened before the statement was sent (finding the leader,
    /// opening the database, preparing): nothing ran. Only a change of leader is retried; a
    /// time-out or no leader found is reported at once as safe to retry, and a malformed
    /// answer as what it is.
    func judgeBeforeSending(_ error: WireError) -> Outcome {
        switch error {
        case .failure(let code, let message) where !Self.isLeaderChange(code):
            return .fail(ClusterFailure(nodeCode: code, message: message))
        case .malformed(let what):
            return .fail(malformed(what, mayCommit: false))
        case .timedOut, .noLeader:
            connection.dropClient()
            if wasInTransaction { return transactionLost(error) }
            return .fail(safe("\(error); the statement did not run and may be retried"))
        case .failure, .closed, .unreachable:
            connection.dropClient()
            return wasInTransaction ? transactionLost(error) : .retry
        }
    }

    /// Judges a failure after the statement was sent: `mayCommit` when it could have
    /// committed a change (an autocommit write, or a COMMIT), `rowsDelivered` when rows of it
    /// were already read. Only a refusal by a node that is no longer the leader, or a
    /// connection closed before a reading statement returned anything, is retried.
    func judgeAfterSending(_ error: WireError, mayCommit: Bool, rowsDelivered: Bool = false) -> Outcome {
        switch error {
        case .failure(let code, let message):
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
        case .malformed(let what):
            return .fail(malformed(what, mayCommit: mayCommit))
        case .timedOut, .closed, .unreachable, .noLeader:
            break
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
        if case .timedOut = error { return .fail(safe("\(error); nothing was committed and the statement may be retried")) }
        return .retry
    }

    private func transactionLost(_ error: WireError) -> Outcome {
        connection.endTransaction()
        return .fail(safe("\(Self.reason(error)) during a transaction, which was rolled back; it may be retried from its start"))
    }

    private func safe(_ message: String) -> ClusterFailure {
        ClusterFailure(code: ClusterResultCodes.notLeader, message: "dqlite cluster: \(message)")
    }

    /// The failure for an answer that is not dqlite's protocol: `SQLITE_PROTOCOL`, not to be
    /// retried, unless a write was on its way (its outcome is then unknown). The connection is
    /// closed, which rolls back an open transaction on a node that still works.
    private func malformed(_ what: String, mayCommit: Bool) -> ClusterFailure {
        let answer = "\(connection.lastLeader ?? "the leader") answered something that is not dqlite's protocol (\(what))"
        connection.dropClient()
        if mayCommit {
            connection.endTransaction()
            return ClusterFailure(
                code: ClusterResultCodes.leadershipLost,
                message: "dqlite cluster: \(answer) while a write was being committed; its outcome is unknown: check before retrying")
        }
        var message = "dqlite cluster: \(answer); the connection was closed"
        if wasInTransaction {
            connection.endTransaction()
            message += ", which rolls back the open transaction"
        }
        return ClusterFailure(
            code: ClusterResultCodes.protocolError,
            message: message + ". This is not a change of leader: running the statement again does not help while that node answers so")
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
