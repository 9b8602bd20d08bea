import Foundation
internal import PortableSQLSystem

/// Thread-safe access to one database file: one writer connection and up to
/// `maximumReaderCount` reader connections, in WAL mode, so that reads run side by side with
/// each other and with the write.
///
/// Use it from any thread or task: `read` and `write` hand their closure a `SQLContext` that no
/// other thread uses meanwhile. Each has a blocking form, which runs the closure on the calling
/// thread (a write waits for the writer first), and an `async` form, which runs it on the
/// pool's own threads, never on Swift's cooperative thread pool, since SQLite calls block.
///
/// ```swift
/// let pool = try SQLContextPool(path: "/var/lib/app/app.sqlite")
/// try await pool.write { db in try db.exec(sql: "INSERT INTO visit (at) VALUES (?)", parameters: [.real(Date().timeIntervalSince1970)]) }
/// let visits = try await pool.read { db in try db.selectAll(sql: "SELECT count(*) FROM visit")[0][0] }
/// ```
///
/// - A write runs in an IMMEDIATE transaction: it commits when the closure returns and rolls
///   back when it throws. Writes run one at a time, in the order they were asked for. The
///   closure must not end the transaction itself: a COMMIT or END it runs rolls back the whole
///   write, which throws `SQLITE_MISUSE` (so a write that throws never left part of its work).
/// - A read runs in a deferred transaction that starts its snapshot before the closure runs:
///   everything it reads is from one state of the database, whatever is written meanwhile.
///   Reader connections are read-only.
/// - A cancelled task's job does not start, or, when it is running, its statement is
///   interrupted; either way the call throws `CancellationError`. A write is checked once more
///   before it commits: a cancelled write is rolled back and throws `CancellationError`, unless
///   its COMMIT was done first, and then it returns normally (so a write returns exactly when it
///   committed).
/// - A closure that closes the context it was handed ends its call with `SQLITE_MISUSE`
///   ("database connection is closed"; a write is rolled back), and the pool opens a new
///   connection with the same configuration for the next job. The pool's change observations
///   end with a writer closed that way.
/// - Every connection has `busyTimeout` set, so that SQLITE_BUSY does not reach you in normal
///   use (it can, when other processes hold the file longer than the timeout).
/// - Do not call `read`, `write` or `close` from inside a closure of the same pool: use the
///   context you were given. Such a call throws `SQLITE_MISUSE` instead of deadlocking.
public final class SQLContextPool: Sendable {
    /// The database file.
    public let path: String
    /// The engine of every connection: `.platform` (the system SQLite), `.plus` (SQLCipher), or
    /// another, as `SQLContext(path:flags:configuration:)` takes it.
    public let configuration: SQLiteConfiguration
    /// The most reader connections open at once.
    public let maximumReaderCount: Int
    /// How long a connection waits for a lock held elsewhere before SQLITE_BUSY, in seconds.
    public let busyTimeout: Double
    /// The priority of the pool's threads.
    public let qualityOfService: DispatchQoS
    /// What to say of SQLite's WAL-reset bug on the pool's engine (`WALResetBug`); `nil` when
    /// the engine does not have it.
    package let walResetBugWarning: String?
    let writer: PooledConnection
    let writerQueue: DispatchQueue
    private let readers: ReaderConnections
    private let readerQueue: DispatchQueue
    private let isClosed = Locked(false)

    /// Opens the writer connection on the file at `path` (creating it when missing) and puts the
    /// database in WAL mode; readers open when first needed.
    ///
    /// - Parameters:
    ///   - path: the database file; not in memory, since the pool's connections share it.
    ///   - configuration: the engine of every connection, as `SQLContext` takes it (`.platform`,
    ///     `.plus` for SQLCipher).
    ///   - maximumReaderCount: the most reader connections open at once (at least 1).
    ///   - busyTimeout: how long a connection waits for a lock held elsewhere before
    ///     SQLITE_BUSY, in seconds.
    ///   - qualityOfService: the priority of the pool's threads.
    ///   - prepareConnection: runs on each connection right after it opens, before anything
    ///     else: a key for an encrypted database, pragmas (`PRAGMA synchronous = NORMAL`, say).
    ///     An error fails that open.
    /// - Throws: `SQLError`: `SQLITE_MISUSE` for an in-memory path (a pool needs a file that its
    ///   connections share) or a reader count below 1; `SQLITE_CANTOPEN` and friends when the
    ///   file cannot be opened; what `prepareConnection` throws (a wrong key, say); `SQLITE_ERROR`
    ///   when the database cannot use WAL.
    public init(
        path: String, configuration: SQLiteConfiguration = .platform, maximumReaderCount: Int = 4, busyTimeout: Double = 5,
        qualityOfService: DispatchQoS = .userInitiated, prepareConnection: (@Sendable (SQLContext) throws -> Void)? = nil
    ) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file::memory:") else {
            throw SQLError(code: .misuse, message: "a SQLContextPool needs a database file; \(path.isEmpty ? "an empty path" : path) is private to one connection")
        }
        guard maximumReaderCount >= 1 else {
            throw SQLError(code: .misuse, message: "a SQLContextPool needs at least one reader, not \(maximumReaderCount)")
        }
        self.path = path
        self.configuration = configuration
        self.maximumReaderCount = maximumReaderCount
        self.busyTimeout = busyTimeout
        self.qualityOfService = qualityOfService
        // Every connection of the pool, the writer opened again included, opens this way.
        let open = { @Sendable (flags: SQLContext.OpenFlags) throws -> SQLContext in
            let context = try SQLContext(path: path, flags: flags, configuration: configuration)
            do {
                try prepareConnection?(context)
                context.busyTimeout = busyTimeout
            } catch {
                context.closeConnection()
                throw error
            }
            return context
        }
        let writerContext = try open([.readWrite, .create])
        walResetBugWarning = writerContext.walResetBugWarning
        do {
            let mode = try writerContext.selectAll(sql: "PRAGMA journal_mode = WAL").first?.first?.textValue
            guard mode?.lowercased() == "wal" else {
                throw SQLError(code: .error, message: "\(path) cannot use WAL mode (journal mode is \(mode ?? "unknown")), which a pool needs")
            }
        } catch {
            writerContext.closeConnection()
            throw error
        }
        writer = PooledConnection(writerContext) {
            try open([.readWrite, .create])
        }
        writerQueue = DispatchQueue(label: "PortableSQL.SQLContextPool.writer", qos: qualityOfService)
        readerQueue = DispatchQueue(label: "PortableSQL.SQLContextPool.readers", qos: qualityOfService, attributes: .concurrent)
        readers = ReaderConnections(maximumCount: maximumReaderCount) {
            try open([.readOnly])
        }
    }

    // MARK: Writing

    /// Runs `block` on the writer connection, in an IMMEDIATE transaction, after the writes asked
    /// for before it; blocks the calling thread until it is done. Returns what `block` returns.
    ///
    /// - Throws: what `block` throws (the transaction is rolled back); `SQLError`
    ///   (`SQLITE_MISUSE`) when the pool is closed, this is called from inside one of its
    ///   closures, or `block` ended the transaction itself (all of it is rolled back); SQLite's
    ///   error when BEGIN or COMMIT fails.
    public func write<T>(_ block: (SQLContext) throws -> T) throws -> T {
        try checkNotNested("write(_:)")
        try checkOpen()
        return try writerQueue.sync {
            try runWrite(on: writerContext(), block, beforeCommit: {})
        }
    }

    /// Runs `block` on the writer connection, in an IMMEDIATE transaction, after the writes asked
    /// for before it, on the pool's writer thread. Returns what `block` returns.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before the write commits (it is
    ///   rolled back); otherwise as the blocking `write(_:)`. A write cancelled after its commit
    ///   returns normally.
    public func write<T: Sendable>(_ block: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        try checkOpen()
        let cancellation = PoolJobCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                writerQueue.async {
                    continuation.resume(with: Result {
                        let context = try self.writerContext()
                        return try cancellation.run(on: context) {
                            try self.runWrite(on: context, block, beforeCommit: cancellation.checkNotCancelled)
                        }
                    })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Runs a write on the writer queue; `beforeCommit` throws to roll it back.
    private func runWrite<T>(on context: SQLContext, _ block: (SQLContext) throws -> T, beforeCommit: () throws -> Void) throws -> T {
        try PoolClosureMarker.running(in: self) {
            try context.transaction(.immediate) {
                let result = try context.inOwnedTransaction("a pool write") { try block(context) }
                try beforeCommit()
                return result
            }
        }
    }

    /// The writer's context, on the writer queue: opened anew when a closure closed it.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) once the pool has closed the writer; the error of
    ///   opening a new writer.
    func writerContext() throws -> SQLContext {
        // `close()` raises the flag before it closes the writer on this queue.
        if isPoolClosed && writer.context.isClosed { throw closedError() }
        return try writer.openContext()
    }

    // MARK: Reading

    /// Runs `block` on a reader connection, in a snapshot of the database, on the calling thread;
    /// waits for a reader when all are in use. Returns what `block` returns.
    ///
    /// - Throws: what `block` throws; `SQLError` (`SQLITE_MISUSE`) when the pool is closed or
    ///   this is called from inside one of its closures; the error of opening a reader.
    public func read<T>(_ block: (SQLContext) throws -> T) throws -> T {
        try checkNotNested("read(_:)")
        let connection = try acquireReader()
        defer { readers.release(connection) }
        return try runRead(on: connection.openContext(), block)
    }

    /// Runs `block` on a reader connection, in a snapshot of the database, on the pool's reader
    /// threads. Returns what `block` returns.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before or while the read runs;
    ///   otherwise as the blocking `read(_:)`.
    public func read<T: Sendable>(_ block: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        let cancellation = PoolJobCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                readers.acquire(closedError: self.closedError()) { acquired in
                    switch acquired {
                    case .failure(let error):
                        continuation.resume(throwing: error)
                    case .success(let connection):
                        self.readerQueue.async {
                            let result = Result {
                                let context = try connection.openContext()
                                return try cancellation.run(on: context) { try self.runRead(on: context, block) }
                            }
                            self.readers.release(connection)
                            continuation.resume(with: result)
                        }
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// A reader connection, waiting for one when all are in use.
    private func acquireReader() throws -> PooledConnection {
        if let connection = try readers.tryAcquire(closedError: closedError()) { return connection }
        let handoff = ReaderHandoff()
        readers.acquire(closedError: closedError()) { handoff.deliver($0) }
        return try handoff.wait()
    }

    /// Runs `block` in a read transaction whose snapshot starts before it.
    private func runRead<T>(on context: SQLContext, _ block: (SQLContext) throws -> T) throws -> T {
        try PoolClosureMarker.running(in: self) {
            try context.transaction(.deferred) {
                // The first read fixes the snapshot, so that the whole closure sees one state.
                _ = try context.selectAll(sql: "SELECT 1 FROM sqlite_master LIMIT 1")
                return try block(context)
            }
        }
    }

    // MARK: Closing

    /// Refuses new work with `SQLITE_MISUSE`, waits for the work already accepted to finish,
    /// checkpoints the WAL into the database file (not on a cluster, whose nodes checkpoint
    /// their own) and closes every connection. Closing again does nothing.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when called from inside one of the pool's closures,
    ///   which would wait for itself; `SQLITE_BUSY` when the final checkpoint could not copy the
    ///   whole WAL into the file (another connection, outside the pool, was reading it). The pool
    ///   is closed either way, and nothing is lost: the WAL stays beside the file, and SQLite
    ///   checkpoints it later, at the latest when the database next opens.
    public func close() throws {
        try checkNotNested("close()")
        let wasOpen = isClosed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard wasOpen else { return }
        readers.close()
        let checkpointFailure: SQLError? = writerQueue.sync {
            defer { writer.context.closeConnection() }
            return finalCheckpointFailure(writer.context)
        }
        if let checkpointFailure { throw checkpointFailure }
    }

    /// Why the last checkpoint, `PRAGMA wal_checkpoint(PASSIVE)` on the writer (which waits
    /// for nobody), could not copy the whole WAL into the file; `nil` when it did (or the writer
    /// is already closed, or its engine keeps no files here: a cluster's nodes checkpoint
    /// their WAL themselves).
    private func finalCheckpointFailure(_ context: SQLContext) -> SQLError? {
        guard !context.isClosed, context.engine?.capabilities.contains(.localFiles) != false else { return nil }
        do {
            // One row: busy, frames in the WAL, frames copied into the file.
            let result = try context.selectAll(sql: "PRAGMA wal_checkpoint(PASSIVE)").first ?? []
            guard result.count == 3, result[1] != result[2] else { return nil }
            return SQLError(
                code: .busy,
                message: "the pool of \(path) closed, but the WAL could not be copied into the file: another connection is reading it; nothing is lost, SQLite copies it later")
        } catch {
            return error as? SQLError ?? SQLError(code: .error, message: "\(error)")
        }
    }

    /// Whether `close()` has been called.
    public var isPoolClosed: Bool {
        isClosed.withLock { $0 }
    }

    private func checkOpen() throws {
        if isPoolClosed { throw closedError() }
    }

    func closedError() -> SQLError {
        SQLError(code: .misuse, message: "the SQLContextPool of \(path) is closed")
    }

    func checkNotNested(_ operation: String) throws {
        if PoolClosureMarker.isRunning(in: self) {
            throw SQLError(code: .misuse, message: "\(operation) was called from inside a closure of the same SQLContextPool; use the context the closure was given")
        }
    }
}

/// Hands a reader connection from the thread that gives it back to a blocked `read`.
private final class ReaderHandoff: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<PooledConnection, any Error>?

    func deliver(_ result: Result<PooledConnection, any Error>) {
        self.result = result
        ready.signal()
    }

    func wait() throws -> PooledConnection {
        ready.wait()
        // The semaphore orders the write of `result` before this read.
        guard let result else { throw SQLError(code: .internal, message: "no reader was handed over") }
        return try result.get()
    }
}
