extension SQLContext {
    /// How a transaction takes its locks: see SQLite's `BEGIN DEFERRED | IMMEDIATE | EXCLUSIVE`.
    /// Nested in `SQLContext`, as in SkipSQL.
    public enum TransactionMode: String, Sendable, CaseIterable {
        /// Takes locks when first needed: a read lock on the first read, a write lock on the first write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so the transaction cannot fail later on a busy database.
        case immediate = "IMMEDIATE"
        /// As `immediate`; in rollback-journal mode it also keeps other connections from reading.
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `block` in a transaction: commits when it returns, rolls back when it throws, and
    /// returns what the block returns.
    ///
    /// Called while a transaction is already open (from inside another `transaction` block, or
    /// after an explicit `BEGIN`), it runs the block in a SAVEPOINT instead, so that a throw
    /// rolls back only the nested part. `mode` applies to the outermost transaction; `nil` runs
    /// the block with no transaction at all.
    /// - Throws: what the block throws (after rolling back), or `SQLError` when BEGIN or COMMIT
    ///   fails (a failed COMMIT is rolled back too) or the context is closed; `SQLITE_MISUSE`
    ///   when a nested block ended the transaction itself (its savepoint went with it).
    @discardableResult
    public func transaction<Result>(_ mode: TransactionMode? = .deferred, block: () throws -> Result) throws -> Result {
        guard let mode else { return try block() }
        if isInTransaction {
            return try inSavepoint(block)
        }
        try exec(sql: "BEGIN \(mode.rawValue) TRANSACTION")
        let result: Result
        do {
            result = try block()
            try exec(sql: "COMMIT TRANSACTION")
        } catch {
            // SQLite may have rolled back already (after SQLITE_FULL, an interrupt, …).
            if isInTransaction { try? exec(sql: "ROLLBACK TRANSACTION") }
            throw error
        }
        return result
    }

    private func inSavepoint<Result>(_ block: () throws -> Result) throws -> Result {
        let name = "portablesql_savepoint_\(savepointDepth)"
        try exec(sql: "SAVEPOINT \(name)")
        savepointDepth += 1
        changeTracker.savepointBegan()
        defer { savepointDepth -= 1 }
        let result: Result
        do {
            result = try block()
        } catch {
            if isInTransaction {
                try? exec(sql: "ROLLBACK TO SAVEPOINT \(name)")
                try? exec(sql: "RELEASE SAVEPOINT \(name)")
            }
            changeTracker.savepointEnded(rolledBack: true)
            throw error
        }
        changeTracker.savepointEnded(rolledBack: false)
        do {
            try exec(sql: "RELEASE SAVEPOINT \(name)")
        } catch let error as SQLError where error.message.hasPrefix("no such savepoint") {
            throw SQLError(code: .misuse, message: "a transaction block nested in another ended the transaction (a COMMIT, END or ROLLBACK of its own), which took its savepoint; leave the transaction to the block that opened it")
        }
        return result
    }
}
