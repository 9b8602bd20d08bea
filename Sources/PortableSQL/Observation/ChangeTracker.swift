import Foundation

/// One connection's update, commit and rollback hooks, and the observers they feed; the commit
/// hook also refuses commits while a migration step or a pool write runs (see
/// `beginRefusingCommits()`).
///
/// The update hook reports each row change as it happens, so the changes of the open
/// transaction are held here until it ends: a rollback forgets them, and a commit hands them to
/// the observers. The commit hook runs before the commit is done, when nothing may use the
/// connection and other connections cannot see the data yet; it only raises `commitRequested`,
/// and the observers are told when the statement that committed has ended (each statement
/// checks the flag as it finishes), once the connection is out of its transaction.
///
/// The tracker also holds the connection's `activity`, which its hooks run through, and which
/// the context and every statement reach through it.
///
/// Savepoints opened by `SQLContext.transaction` are followed, so that the changes of a
/// savepoint rolled back are forgotten; savepoints written as SQL are not, and their
/// rolled-back changes are reported with the transaction's.
final class ChangeTracker {
    /// Whether a callback of the connection is running, and the closing put off meanwhile.
    let activity = ConnectionActivity()
    private var connection: OpaquePointer?
    private var engine: SQLiteEngine?

    /// The closure of `SQLContext.onUpdate(hook:)`, called for every row change.
    private var updateHandler: ((SQLAction, Int64, String, String) -> Void)?
    private var observers: [ChangeObserver] = []
    private var watchesAllTables = false
    /// The tables that observers watch.
    private var watchedTables: Set<SQLiteName> = []
    /// The tables whose row changes observers want one by one.
    private var rowTables: Set<SQLiteName> = []
    private var transactionHooksInstalled = false

    /// The tables changed by the open transaction: name as SQLite compares it → name as it gives it.
    private var pendingTables: [SQLiteName: String] = [:]
    private var pendingRows: [RowChange] = []
    /// What was pending when each open savepoint of `SQLContext.transaction` began.
    private var savepoints: [(tables: [SQLiteName: String], rowCount: Int)] = []
    /// The last table reported, kept so that a run of changes to one table folds its name once.
    private var lastTable: (bytes: [CChar], name: String, folded: SQLiteName)?

    /// Raised by the commit hook; lowered when the committing statement ends.
    private(set) var commitRequested = false
    /// How many `beginRefusingCommits()` are not yet ended; above 0 the commit hook refuses
    /// every commit, which SQLite then turns into a rollback.
    private var commitRefusals = 0
    /// Raised when the commit hook refused a commit; lowered when the refusing ends.
    private var refusedCommit = false
    /// Whether a transaction was rolled back since the outermost refusing of commits began.
    private var sawRollback = false

    /// Starts tracking the connection of a context that opened.
    func attach(connection: OpaquePointer, engine: SQLiteEngine) {
        self.connection = connection
        self.engine = engine
    }

    // MARK: Registering

    /// Sets or removes the `onUpdate` closure.
    func setUpdateHandler(_ handler: ((SQLAction, Int64, String, String) -> Void)?) {
        updateHandler = handler
        installUpdateHook()
    }

    /// Checks that the engine can report changes.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) naming the engine when it cannot (a cluster).
    func checkAvailable() throws {
        guard let engine, !engine.capabilities.contains(.changeReports) else { return }
        throw SQLError(
            code: .misuse,
            message: "change observation (observeChanges, observe) is not available on \(engine.name): it runs no statement in this process and reports no changes")
    }

    /// Adds `observer`, installing the hooks it needs.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the engine cannot report changes
    ///   (it lacks `SQLiteEngineCapabilities.changeReports`).
    func add(_ observer: ChangeObserver) throws {
        guard let connection, let engine else { return observer.end() }
        try checkAvailable()
        observers.append(observer)
        updateInterest()
        installUpdateHook()
        guard !transactionHooksInstalled else { return }
        transactionHooksInstalled = true
        installCommitHook()
        installRollbackHook()
        // A DELETE without WHERE empties a table at once and reports no row to the update hook;
        // answering SQLITE_IGNORE to the authorizer for it makes SQLite delete row by row.
        _ = engine.functions.setAuthorizer(connection, { _, action, table, _, _, _ in
            guard action == deleteOperation, let table, strncmp(table, "sqlite_", 7) != 0 else { return authorizeOK }
            return authorizeIgnore
        }, nil)
    }

    /// Drops the observers that were cancelled; with none left, removes the hooks they needed.
    func removeCancelledObservers() {
        guard observers.contains(where: \.isCancelled) else { return }
        observers.removeAll(where: \.isCancelled)
        updateInterest()
        installUpdateHook()
        if observers.isEmpty { removeTransactionHooks() }
    }

    /// Removes the commit and rollback hooks and the authorizer, and forgets what was pending.
    private func removeTransactionHooks() {
        guard transactionHooksInstalled, let connection, let engine else { return }
        _ = engine.functions.setAuthorizer(connection, nil, nil)
        transactionHooksInstalled = false
        installCommitHook()
        installRollbackHook()
        commitRequested = false
        forgetPending()
    }

    /// Installs the commit hook while observers or a refusing of commits need it, and removes
    /// it otherwise.
    private func installCommitHook() {
        guard let connection, let engine else { return }
        guard transactionHooksInstalled || commitRefusals > 0 else {
            _ = engine.functions.commitHook(connection, nil, nil)
            return
        }
        _ = engine.functions.commitHook(connection, { pointer in
            guard let pointer else { return 0 }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(pointer).takeUnretainedValue()
            return tracker.activity.inCallback { tracker.commitStarting() }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Installs the rollback hook while observers or a refusing of commits need it, and
    /// removes it otherwise.
    private func installRollbackHook() {
        guard let connection, let engine else { return }
        guard transactionHooksInstalled || commitRefusals > 0 else {
            _ = engine.functions.rollbackHook(connection, nil, nil)
            return
        }
        _ = engine.functions.rollbackHook(connection, { pointer in
            guard let pointer else { return }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(pointer).takeUnretainedValue()
            tracker.activity.inCallback { tracker.rolledBack() }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called by the rollback hook: what was pending is dropped, and a refusing of commits
    /// notes that the transaction it guards ended.
    private func rolledBack() {
        if commitRefusals > 0 { sawRollback = true }
        forgetPending()
    }

    /// The commit hook's answer: non-zero refuses the commit.
    private func commitStarting() -> Int32 {
        guard commitRefusals == 0 else {
            refusedCommit = true
            return 1
        }
        commitRequested = transactionHooksInstalled
        return 0
    }

    // MARK: Refusing commits

    /// Makes the connection refuse every commit, its own transaction's and each autocommit
    /// statement's, until the matching `endRefusingCommits()`: SQLite rolls the transaction back
    /// instead and fails the statement with `SQLITE_CONSTRAINT_COMMITHOOK`. Calls nest.
    ///
    /// Returns `false`, refusing nothing, when the connection is closed or its engine has no
    /// commit hook (it lacks `SQLiteEngineCapabilities.changeReports`: a cluster).
    func beginRefusingCommits() -> Bool {
        guard connection != nil, engine?.capabilities.contains(.changeReports) == true else { return false }
        commitRefusals += 1
        if commitRefusals == 1 {
            refusedCommit = false
            sawRollback = false
            installCommitHook()
            installRollbackHook()
        }
        return true
    }

    /// Ends a `beginRefusingCommits()` that returned `true`; returns whether a commit was
    /// refused, and whether a transaction was rolled back (by a ROLLBACK, or by SQLite after
    /// an error), since the outermost one began.
    func endRefusingCommits() -> (refusedCommit: Bool, sawRollback: Bool) {
        commitRefusals -= 1
        let seen = (refusedCommit, sawRollback)
        if commitRefusals == 0 {
            refusedCommit = false
            sawRollback = false
            installCommitHook()
            installRollbackHook()
        }
        return seen
    }

    private func updateInterest() {
        watchesAllTables = false
        watchedTables = []
        rowTables = []
        for observer in observers {
            switch observer.region {
            case .allTables: watchesAllTables = true
            case .tables: watchedTables.formUnion(observer.region.foldedTables ?? [])
            case .rows(let table, _): rowTables.insert(SQLiteName(table))
            }
        }
        watchedTables.formUnion(rowTables)
    }

    private func installUpdateHook() {
        guard let connection, let engine else { return }
        guard updateHandler != nil || !observers.isEmpty else {
            _ = engine.functions.updateHook(connection, nil, nil)
            return
        }
        _ = engine.functions.updateHook(connection, { pointer, operation, database, table, rowID in
            guard let pointer else { return }
            let tracker = Unmanaged<ChangeTracker>.fromOpaque(pointer).takeUnretainedValue()
            tracker.activity.inCallback { tracker.rowChanged(operation, database, table, rowID) }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    // MARK: Following the transaction

    private func rowChanged(_ operation: Int32, _ database: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?, _ rowID: Int64) {
        let action: SQLAction
        switch operation {
        case updateOperation: action = .update
        case deleteOperation: action = .delete
        default: action = .insert
        }
        let (name, folded) = tableName(table)
        if let updateHandler { updateHandler(action, rowID, database.map { String(cString: $0) } ?? "", name) }
        guard watchesAllTables || watchedTables.contains(folded) else { return }
        if pendingTables[folded] == nil { pendingTables[folded] = name }
        if rowTables.contains(folded) {
            pendingRows.append(RowChange(table: name, rowID: rowID))
        }
    }

    private func tableName(_ table: UnsafePointer<CChar>?) -> (name: String, folded: SQLiteName) {
        guard let table else { return ("", SQLiteName("")) }
        if let lastTable, strcmp(lastTable.bytes, table) == 0 { return (lastTable.name, lastTable.folded) }
        let name = String(cString: table)
        let folded = SQLiteName(name)
        lastTable = (Array(UnsafeBufferPointer(start: table, count: strlen(table) + 1)), name, folded)
        return (name, folded)
    }

    private func forgetPending() {
        pendingTables = [:]
        pendingRows = []
        savepoints = []
    }

    /// A savepoint of `SQLContext.transaction` began.
    func savepointBegan() {
        savepoints.append((pendingTables, pendingRows.count))
    }

    /// A savepoint of `SQLContext.transaction` ended: released, or rolled back then released.
    func savepointEnded(rolledBack: Bool) {
        guard let mark = savepoints.popLast() else { return }
        if rolledBack {
            pendingTables = mark.tables
            pendingRows.removeSubrange(min(mark.rowCount, pendingRows.count)...)
        }
    }

    /// Called by a statement that ended while `commitRequested` was raised: when the connection
    /// is out of its transaction, the commit is done and the observers hear of it.
    func statementEnded() {
        commitRequested = false
        // A commit that failed (SQLITE_BUSY, say) leaves the transaction open, changes pending.
        guard let connection, let engine, engine.functions.getAutocommit(connection) != 0 else { return }
        let tables = pendingTables
        let rows = pendingRows
        forgetPending()
        guard !tables.isEmpty else { return }
        removeCancelledObservers()
        for observer in observers where !observer.isCancelled {
            if let changes = observer.region.changes(amongTables: tables, rows: rows) {
                observer.changed(changes)
            }
        }
    }

    /// Removes the hooks before the connection closes, and ends every observation.
    func close() {
        if let connection, let engine {
            _ = engine.functions.updateHook(connection, nil, nil)
            removeTransactionHooks()
            _ = engine.functions.commitHook(connection, nil, nil)
        }
        connection = nil
        engine = nil
        updateHandler = nil
        let ended = observers
        observers = []
        forgetPending()
        for observer in ended { observer.end() }
    }
}

/// `SQLITE_DELETE`, as passed to the update hook and the authorizer.
private let deleteOperation: Int32 = 9
/// `SQLITE_UPDATE`, as passed to the update hook.
private let updateOperation: Int32 = 23
/// `SQLITE_OK` from an authorizer.
private let authorizeOK: Int32 = 0
/// `SQLITE_IGNORE` from an authorizer.
private let authorizeIgnore: Int32 = 2
