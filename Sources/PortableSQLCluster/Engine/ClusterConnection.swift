import Foundation
import PortableSQL
internal import PortableSQLSystem

/// One connection to a database of a cluster: what an `sqlite3*` of the cluster engine points
/// to. It holds the client connection to the current leader (made again, to the new leader,
/// after a failure), the last error, the counts of changes and the transaction state, which
/// dqlite does not report and which is followed from the statements that succeed.
final class ClusterConnection {
    let settings: ClusterSettings
    let database: String
    let isReadOnly: Bool
    /// Whether this is the connection of an in-memory open (the feature probes): a
    /// transaction on `scratchDatabase` that is never committed.
    let isScratch: Bool
    /// Whether `sqlite3_interrupt` was called (from any thread) and not yet taken by a running
    /// statement, and how many statements are running: stepping, or their rows being read.
    private let interruption = Locked((requested: false, activeStatements: 0))

    private(set) var client: WireClient?
    private(set) var databaseID: UInt32 = 0
    /// Counts the leader connections made: a statement prepared under an earlier one prepares again.
    private(set) var generation = 0
    /// The leader connection (by `generation`) on which the leader was made to apply its log
    /// after a PREPARE it refused (see `prepare(_:on:)`).
    var appliedLogGeneration = -1
    /// The statement whose rows are still arriving on the connection, which must be read to
    /// the end (or stopped) before anything else is sent.
    weak var streamingStatement: ClusterStatement?
    /// Counts the runs of statements on the connection, so that rows fetched ahead for a
    /// statement are used only when nothing ran in between.
    var runs = 0
    /// The address of the last leader found: the one asked first by the next search, and the
    /// one that errors of the leader's connection name.
    private(set) var lastLeader: String?

    private(set) var errorCode: Int32 = ClusterResultCodes.ok
    private var errorText: UnsafeMutablePointer<CChar>? = strdup("not an error")
    var changes: Int64 = 0
    /// How long a statement refused with SQLITE_BUSY is tried again, in seconds (`sqlite3_busy_timeout`).
    var busyTimeout: Double = 0
    var totalChanges: Int64 = 0
    var lastInsertRowID: Int64 = 0

    private var transaction = TransactionState()

    /// The hooks set on the connection that a cluster cannot call, by kind; while any is set,
    /// statements fail with an error that names it.
    var unavailableHooks: [String: String] = [:]

    /// The database of in-memory opens, whose work is always rolled back. dqlite 1.11 finds a
    /// database by prefix ("ap" opens "app"): the "~" keeps user names from matching this one.
    static let scratchDatabase = "~portablesql-scratch"

    init(settings: ClusterSettings, database: String, isReadOnly: Bool, isScratch: Bool) {
        self.settings = settings
        self.database = database
        self.isReadOnly = isReadOnly
        self.isScratch = isScratch
    }

    /// Connects to the leader and opens the database, as `sqlite3_open_v2`.
    func open() -> Int32 {
        do {
            _ = try leaderClient()
            return ClusterResultCodes.ok
        } catch {
            return fail(ClusterResultCodes.cantOpen, "dqlite cluster: \(error)")
        }
    }

    /// Prepares the single statement `sql`, as `sqlite3_prepare_v2`: hands its handle to
    /// `deliver` (none for a blank text) and returns the result code.
    func prepare(_ sql: String, deliver: (OpaquePointer) -> Void) -> Int32 {
        let shape = StatementShape(sql)
        guard !shape.isBlank else { return ClusterResultCodes.ok }
        if let reason = shape.unavailable { return fail(ClusterResultCodes.error, "dqlite cluster: \(reason)") }
        if let reason = unavailableHooks.values.sorted().first { return fail(ClusterResultCodes.misuse, reason) }
        let attempt = RetryJudge(connection: self, wasInTransaction: isInTransaction, commits: false)
        var lastChange: WireError?
        for _ in 0..<4 {
            do {
                let statement = try ClusterStatement(connection: self, sql: sql, shape: shape)
                deliver(ClusterHandles.retain(statement))
                succeed()
                return ClusterResultCodes.ok
            } catch let error as WireError {
                let outcome = attempt.judgeBeforeSending(error)
                guard case .retry = outcome else { return fail(outcome.failure.code, outcome.failure.message) }
                lastChange = error
            } catch let failure as ClusterFailure {
                return fail(failure.code, failure.message)
            } catch {
                return fail(ClusterResultCodes.error, "\(error)")
            }
        }
        let failure = RetryJudge.leaderKeptChanging(lastChange)
        return fail(failure.code, failure.message)
    }

    /// `sqlite3_interrupt`: stops the running statements at their next request or batch. As
    /// SQLite does, it does nothing when no statement runs, and it is forgotten when the last
    /// one ends, so that it never stops a statement started later.
    func interrupt() {
        interruption.withLock { state in
            if state.activeStatements > 0 { state.requested = true }
        }
    }

    /// Whether an interrupt was requested, forgetting it: a running statement then stops.
    func takeInterrupt() -> Bool {
        interruption.withLock { state in
            defer { state.requested = false }
            return state.requested
        }
    }

    /// Counts a statement that starts or ends running.
    func statementActivity(started: Bool) {
        interruption.withLock { state in
            state.activeStatements += started ? 1 : -1
            if state.activeStatements == 0 { state.requested = false }
        }
    }

    /// Sets (with a message) or clears (with `nil`) a hook that a cluster cannot call.
    func setUnavailable(_ kind: String, _ message: String?) {
        unavailableHooks[kind] = message
    }

    deinit {
        client?.close()
        free(errorText)
    }

    // MARK: Errors

    /// The message of the last error, valid until the next one.
    var errorMessage: UnsafePointer<CChar>? { UnsafePointer(errorText) }

    /// Records an error and returns its code.
    @discardableResult
    func fail(_ code: Int32, _ message: String) -> Int32 {
        errorCode = code
        free(errorText)
        errorText = strdup(message)
        return code
    }

    /// Records success.
    func succeed() {
        if errorCode != ClusterResultCodes.ok { fail(ClusterResultCodes.ok, "not an error") }
    }

    // MARK: The leader

    /// The connection to the leader with the database open, made when there is none.
    ///
    /// - Throws: `WireError` when no leader answers within the leader search time, or the
    ///   database cannot be opened.
    func leaderClient() throws -> WireClient {
        if let client { return client }
        let client = try LeaderSearch(settings: settings, preferred: lastLeader).connect()
        lastLeader = client.address
        do {
            databaseID = try client.open(database)
            if isScratch {
                let begin = try client.prepare(database: databaseID, "BEGIN")
                _ = try client.exec(database: databaseID, statement: begin.id, [])
                apply(.begin)
            }
        } catch {
            client.close()
            throw error
        }
        self.client = client
        generation += 1
        return client
    }

    /// Closes the connection to the leader after a failure; the node then rolls back what was
    /// not committed. The next request looks for the leader again.
    func dropClient() {
        client?.close()
        client = nil
        streamingStatement?.streamWasCut()
        streamingStatement = nil
    }

    /// Reads to its end the query whose rows are still arriving, so that the connection is
    /// free for another request. All the rows left are then held in memory until that query
    /// reads them: a loop that writes per row of a large query holds the whole result (the
    /// cluster article's "Memory" says so, with the ways around it).
    ///
    /// - Throws: `WireError` when the connection fails meanwhile.
    func settleStream() throws {
        guard let streaming = streamingStatement else { return }
        streamingStatement = nil
        try streaming.readRemainingBatches()
    }

    // MARK: Transaction state

    /// Whether a transaction is open, as followed from the statements that succeeded.
    var isInTransaction: Bool { transaction.isOpen }

    /// Follows the transaction state after a statement with `effect` succeeded.
    func apply(_ effect: StatementShape.TransactionEffect) {
        transaction.apply(effect)
    }

    /// Whether a statement with `effect` would commit the open transaction.
    func commits(_ effect: StatementShape.TransactionEffect) -> Bool {
        transaction.commits(effect)
    }

    /// Forgets the transaction, which the node rolled back or committed.
    func endTransaction() {
        transaction.end()
    }
}
