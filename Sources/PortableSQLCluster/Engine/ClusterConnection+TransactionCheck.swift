/// The transaction state checked on the leader after a failure: SQLite ends a transaction by
/// itself on `OR ROLLBACK`, `RAISE(ROLLBACK)` and some errors (a full disk, no memory), which
/// the statements that succeed do not show.
extension ClusterConnection {
    /// Asks the leader whether the transaction is still open, after a statement failed inside
    /// it: BEGIN fails there while one is open; when it succeeds none was, and the transaction
    /// it began (empty) is rolled back. When the connection fails meanwhile it is dropped, and
    /// the node rolls back whatever was open. Never throws.
    func checkTransactionAfterFailure() {
        guard isInTransaction, let client else { return }
        do {
            try settleStream()
            let begin = try client.prepare(database: databaseID, "BEGIN")
            defer { try? client.finalize(database: databaseID, statement: begin.id) }
            do {
                _ = try client.exec(database: databaseID, statement: begin.id, [])
            } catch WireError.failure(let code, _) where !RetryJudge.isLeaderChange(code) {
                return
            }
            endTransaction()
            let rollback = try client.prepare(database: databaseID, "ROLLBACK")
            defer { try? client.finalize(database: databaseID, statement: rollback.id) }
            _ = try client.exec(database: databaseID, statement: rollback.id, [])
        } catch {
            dropClient()
            endTransaction()
        }
    }
}
