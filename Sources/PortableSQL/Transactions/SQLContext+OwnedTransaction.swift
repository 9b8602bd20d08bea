extension SQLContext {
    /// Runs `body` inside a transaction that the caller opened and alone may end (a migration
    /// step, a pool write), so that a failure leaves nothing behind: while `body` runs, every
    /// commit is refused and SQLite rolls the whole transaction back instead. A COMMIT or END in
    /// `body`'s SQL thus undoes everything done so far rather than making part of it durable;
    /// after a ROLLBACK in it no later statement can commit on its own, and a BEGIN after it
    /// does not hide it (the rollback hook saw it).
    ///
    /// On an engine without a commit hook (a cluster) nothing is refused while `body` runs; a
    /// transaction found ended when it returns is still reported, but what was committed before
    /// stays.
    ///
    /// - Parameter what: names `body` in the error, such as "migration 3".
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when `body` ended the transaction (its error, if
    ///   any, is replaced by this one, which says the work was rolled back), or returned after
    ///   a rollback; otherwise what `body` throws (also when SQLite rolled the transaction back
    ///   after that error).
    func inOwnedTransaction<Result>(_ what: String, _ body: () throws -> Result) throws -> Result {
        let refusing = changeTracker.beginRefusingCommits()
        let outcome = Swift.Result { try body() }
        let seen = refusing ? changeTracker.endRefusingCommits() : (refusedCommit: false, sawRollback: false)
        if seen.refusedCommit {
            throw Self.endedTransaction(what, "its work was rolled back as a whole")
        }
        let result = try outcome.get()
        // Closing the context (which the caller reports) rolls back too.
        if seen.sawRollback, !isClosed {
            throw Self.endedTransaction(what, "what it did before that was rolled back, and what it did after is rolled back too")
        }
        if !isClosed, !isInTransaction {
            throw Self.endedTransaction(what, refusing ? "its work was rolled back" : "on this engine what it did before that stays committed")
        }
        return result
    }

    private static func endedTransaction(_ what: String, _ consequence: String) -> SQLError {
        SQLError(code: .misuse, message: "\(what) ended the transaction it runs in (a COMMIT, END or ROLLBACK of its own): \(consequence); leave the transaction to its caller")
    }
}
