import Foundation
import PortableSQL

/// One prepared statement of a cluster connection: what an `sqlite3_stmt*` of the cluster
/// engine points to. It keeps its text, its bound values and the rows received, and prepares
/// itself again on the node after a change of leader.
final class ClusterStatement {
    enum State {
        /// Not run since it was prepared or reset.
        case ready
        /// Rows are being read: `rows[next...]` and, unless `lastBatchRead`, batches still on the wire.
        case rows
        /// Ran to its end; the next step runs it again.
        case done
    }

    unowned let connection: ClusterConnection
    let shape: StatementShape
    /// The statement's text, as `sqlite3_sql` gives it.
    let text: UnsafeMutablePointer<CChar>
    let sql: String
    private(set) var parameterCount = 0
    /// The column names, and the same as C text, set once by `setColumnNames`.
    var columnNames: [String] = []
    var columnNamePointers: [UnsafeMutablePointer<CChar>] = []
    var namePointers: [Int: UnsafeMutablePointer<CChar>] = [:]
    var bindings: [SQLValue] = []

    private(set) var serverID: UInt32 = 0
    /// Whether the statement counts among the connection's running ones.
    private var isActive = false
    private var generation = -1
    var state = State.ready
    /// The rows in hand (`rows[next...]` not read yet), and whether the last batch is among
    /// them; kept with the reading of rows in `ClusterStatement+Rows.swift`.
    var rows: [[SQLValue]] = []
    var next = 0
    var lastBatchRead = true
    /// The connection's run count when `describe()` left its first batch in `rows` as the
    /// first rows of the first run (a statement without parameters); `nil` when it did not.
    var fetchedAheadAt: Int?
    /// Why the rows stopped arriving before their end (the connection broke, or an interrupt
    /// stopped them): the next read past the rows received throws it.
    var cutShort: Error?
    /// The row the columns are read from.
    var row: [SQLValue] = []
    /// The values handed out as C memory for the current row, freed at the next step.
    let cells = CellStorage()
    /// One `sqlite3_value` per column.
    var valueCells: UnsafeMutablePointer<ValueCell>?

    /// Prepares `sql` (one statement) on the leader and, when it returns rows, reads its
    /// column names by running it (with its parameters NULL when it has any).
    ///
    /// - Throws: `WireError` when the node refuses the SQL or the connection fails.
    init(connection: ClusterConnection, sql: String, shape: StatementShape) throws {
        self.connection = connection
        self.sql = sql
        self.shape = shape
        text = strdup(sql)
        do {
            try prepareOnLeader()
            if shape.returnsRows { try describe() }
        } catch {
            finalizeOnNode()
            free(text)
            throw error
        }
    }

    deinit {
        columnNamePointers.forEach { free($0) }
        namePointers.values.forEach { free($0) }
        valueCells?.deallocate()
    }

    /// Frees the statement on the node and the memory it holds.
    func finalize() {
        setActive(false)
        stopStream()
        finalizeOnNode()
        free(text)
        cells.clear()
    }

    // MARK: Running

    /// `sqlite3_step`: the next row (`SQLITE_ROW`), the end (`SQLITE_DONE`), or an error code
    /// with the connection's message set.
    func step() -> Int32 {
        cells.clear()
        if state == .done { reset() }
        setActive(true)
        defer { setActive(state == .rows) }
        do {
            if state == .ready { try start() }
            if shape.returnsRows { return try nextRow() }
            state = .done
            return ClusterResultCodes.done
        } catch let failure as ClusterFailure {
            state = .done
            return connection.fail(failure.code, failure.message)
        } catch {
            state = .done
            return connection.fail(ClusterResultCodes.error, "\(error)")
        }
    }

    /// `sqlite3_reset`: stops reading rows; the bindings stay.
    func reset() {
        setActive(false)
        forgetRun()
    }

    /// Forgets the current run's rows and stream; the statement stays counted as running (a
    /// step that is about to run it again can still be interrupted).
    private func forgetRun() {
        stopStream()
        fetchedAheadAt = nil
        cutShort = nil
        state = .ready
        rows = []
        row = []
        next = 0
        cells.clear()
    }

    /// Counts the statement among the connection's running ones (stepping, or its rows being
    /// read), or no longer.
    private func setActive(_ active: Bool) {
        guard active != isActive else { return }
        isActive = active
        connection.statementActivity(started: active)
    }

    /// Runs the statement: an EXEC, or the start of a QUERY. Only a statement whose outcome
    /// is known (nothing ran, or it only reads) is sent again after a failure.
    private func start() throws {
        if connection.takeInterrupt() {
            throw ClusterFailure(code: ClusterResultCodes.interrupt, message: "interrupted")
        }
        if let reason = connection.unavailableHooks.values.sorted().first {
            throw ClusterFailure(code: ClusterResultCodes.misuse, message: reason)
        }
        if connection.isReadOnly, !shape.returnsRows, shape.transactionEffect == .none {
            throw ClusterFailure(code: ClusterResultCodes.readOnly, message: "attempt to write a readonly database")
        }
        if takeRowsFetchedAhead() { return }
        connection.runs += 1
        let attempt = RetryJudge(
            connection: connection, wasInTransaction: connection.isInTransaction, commits: connection.commits(shape.transactionEffect))
        let mayCommit = attempt.commits || (!attempt.wasInTransaction && !shape.returnsRows && shape.transactionEffect == .none)
        let busyDeadline = Date().addingTimeInterval(connection.busyTimeout)
        var busyPause = 0.002
        var leaderChanges = 0
        var lastChange: WireError?
        while leaderChanges < 4 {
            let client: WireClient
            do {
                try prepareOnLeader()
                client = try connection.leaderClient()
            } catch let error as WireError {
                let outcome = attempt.judgeBeforeSending(error)
                guard case .retry = outcome else { throw outcome.failure }
                leaderChanges += 1
                lastChange = error
                continue
            }
            do {
                try send(to: client)
                connection.apply(shape.transactionEffect)
                connection.succeed()
                return
            } catch let error as WireError {
                // SQLITE_BUSY: another connection holds the lock and nothing ran; wait as SQLite's busy handler does.
                if case .failure(let code, _) = error, code & 0xFF == 5, Date() < busyDeadline {
                    Thread.sleep(forTimeInterval: min(busyPause, max(0, busyDeadline.timeIntervalSinceNow)))
                    busyPause = min(busyPause * 2, 0.05)
                    continue
                }
                let outcome = attempt.judgeAfterSending(error, mayCommit: mayCommit)
                guard case .retry = outcome else { throw outcome.failure }
                leaderChanges += 1
                lastChange = error
            }
        }
        throw RetryJudge.leaderKeptChanging(lastChange)
    }

    /// Starts the first run on the rows that `describe()` fetched, when nothing ran on the
    /// connection since; otherwise forgets them. Returns whether it did.
    private func takeRowsFetchedAhead() -> Bool {
        guard let mark = fetchedAheadAt else { return false }
        fetchedAheadAt = nil
        guard mark == connection.runs, cutShort == nil else {
            forgetRun()
            return false
        }
        state = .rows
        return true
    }

    /// Sends the EXEC, or the QUERY and reads its first batch.
    private func send(to client: WireClient) throws {
        if shape.returnsRows {
            try client.startQuery(database: connection.databaseID, statement: serverID, bindings)
            connection.streamingStatement = self
            lastBatchRead = false
            state = .rows
            try readBatch(client)
        } else {
            let result = try client.exec(database: connection.databaseID, statement: serverID, bindings)
            connection.lastInsertRowID = result.lastInsertID
            connection.changes = result.changes
            let total = connection.totalChanges.addingReportingOverflow(result.changes)
            connection.totalChanges = total.overflow ? .max : total.partialValue
            state = .done
        }
    }

    // MARK: Preparing

    /// Prepares the statement on the current leader connection unless it already is.
    private func prepareOnLeader() throws {
        try connection.settleStream()
        let client = try connection.leaderClient()
        guard generation != connection.generation else { return }
        let prepared = try connection.prepare(sql, on: client)
        serverID = prepared.id
        generation = connection.generation
        if parameterCount != prepared.parameterCount {
            parameterCount = prepared.parameterCount
            bindings = Array(repeating: .null, count: parameterCount)
        }
    }

    private func finalizeOnNode() {
        guard generation == connection.generation, let client = connection.client else { return }
        do {
            try connection.settleStream()
            try client.finalize(database: connection.databaseID, statement: serverID)
        } catch {
            connection.dropClient()
        }
    }

}
