extension SQLContext {
    /// Runs `body` inside a transaction that the caller opened and alone may end (a migration
    /// step, a pool write), so that a failure leaves nothing behind: while `body` runs, every
    /// commit is refused and SQLite rolls the whole transaction back instead. A COMMIT or END in
    /// `body`'s SQL thus undoes everything done so far rather than making part of it durable, and
    /// after a ROLLBACK in it no later statement can commit on its own.
    ///
    /// On an engine without a commit hook (a cluster) nothing is refused while `body` runs; a
    /// transaction found ended when it returns is still reported, but what was committed before
    /// stays.
    ///
    /// - Parameter what: names `body` in the error, such as "migration 3".
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when `body` ended the transaction (its error, if
    ///   any, is replaced by this one, which says the work was rolled back); otherwise what
    ///   `body` throws.
    func inOwnedTransaction<Result>(_ what: String, _ body: () throws -> Result) throws -> Result {
        let refusing = changeTracker.beginRefusingCommits()
        let outcome = Swift.Result { try body() }
        let refused = refusing && changeTracker.endRefusingCommits()
        if refused {
            throw Self.endedTransaction(what, "its work was rolled back as a whole")
        }
        let result = try outcome.get()
        if !isClosed, !isInTransaction {
            throw Self.endedTransaction(what, refusing ? "its work was rolled back" : "on this engine what it did before that stays committed")
        }
        return result
    }

    private static func endedTransaction(_ what: String, _ consequence: String) -> SQLError {
        SQLError(code: .misuse, message: "\(what) ended the transaction it runs in (a COMMIT, END or ROLLBACK of its own): \(consequence); leave the transaction to its caller")
    }
}
