#if Server
import Dispatch
import Logging
import PortableSQL
import ServiceLifecycle

/// A `SQLContextPool` as a ServiceLifecycle service: `run()` keeps the pool open until the
/// service group shuts down gracefully (or the task is cancelled), then closes it, which waits
/// for the work already accepted and checkpoints the WAL into the database file.
///
/// Put it in a `ServiceGroup` before the services that use the pool: a group shuts its services
/// down in reverse order, each after the one after it has returned, so an HTTP server stops
/// taking requests and finishes the ones it has before the pool closes.
///
/// ```swift
/// let database = SQLContextPoolService(pool: pool, logging: logging)
/// let group = ServiceGroup(services: [database, httpServer], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
///
/// Its `read` and `write` are the pool's, and log the `SQLError`s they throw (see
/// `SQLLogging.log(_:)`); the pool's own calls work beside them.
public final class SQLContextPoolService: Service, Sendable, CustomStringConvertible {
    /// The pool, open until `run()` closes it.
    public let pool: SQLContextPool
    /// Where the service logs its closing and the errors of `read` and `write`.
    public let logging: SQLLogging

    /// A service over `pool`, logging to `logging`. The pool is open already: the service only
    /// closes it.
    public init(pool: SQLContextPool, logging: SQLLogging) {
        self.pool = pool
        self.logging = logging
    }

    /// The service's name in the group's logs: `SQLContextPoolService(label)`.
    public var description: String { "SQLContextPoolService(\(logging.label))" }

    /// The pool's path as the log shows it: the value of a URI's key parameter replaced.
    private var shownPath: String { KeyStatements.withoutURIKeys(pool.path) }

    /// Logs at `.notice`, when the pool's SQLite has SQLite's WAL-reset bug (3.7.0 to 3.51.2),
    /// that no other process or pool should write the file; waits until the group shuts down
    /// gracefully or the task is cancelled, then closes the pool and logs how that went: at `.info` when the WAL was checkpointed into the file, at
    /// `.warning` with `sql.error.code=SQLITE_BUSY` when a connection outside the pool kept the
    /// checkpoint from finishing (nothing is lost: SQLite checkpoints the WAL later, at the latest
    /// when the database next opens, so the service still stops cleanly).
    ///
    /// - Throws: `CancellationError` when the task was cancelled rather than shut down (the pool
    ///   is closed all the same); the `SQLError` of a close that failed otherwise (an I/O error
    ///   in the checkpoint), which the group reports as this service's failure.
    public func run() async throws {
        if let warning = pool.walResetBugWarning {
            logging.logger.notice("the pool of \(shownPath): \(warning)", metadata: [SQLLogging.databaseKey: "\(logging.label)"])
        }
        var cancelled = false
        do {
            try await gracefulShutdown()
        } catch {
            cancelled = true
        }
        logging.logger.info(
            "closing the pool of \(shownPath) (\(cancelled ? "cancelled" : "graceful shutdown"))",
            metadata: [SQLLogging.databaseKey: "\(logging.label)"])
        try await closePool()
        if cancelled { throw CancellationError() }
    }

    /// Closes the pool on a thread of its own (closing waits for the pool's work, which must not
    /// hold a thread of Swift's cooperative pool) and logs the outcome.
    ///
    /// - Throws: the `SQLError` of a close that failed other than with `SQLITE_BUSY`.
    private func closePool() async throws {
        let pool = pool
        let outcome: Result<Void, SQLError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    try pool.close()
                    continuation.resume(returning: .success(()))
                } catch {
                    // `close()` throws only `SQLError`.
                    continuation.resume(returning: .failure(error as? SQLError ?? SQLError(code: .error, message: "\(error)")))
                }
            }
        }
        let metadata: Logger.Metadata = [SQLLogging.databaseKey: "\(logging.label)"]
        switch outcome {
        case .success:
            logging.logger.info("closed the pool of \(shownPath); the WAL is checkpointed into the file", metadata: metadata)
        case .failure(let error) where error.code == .busy:
            logging.logger.warning(
                "closed the pool of \(shownPath), but \(error.message)",
                metadata: metadata.merging([SQLLogging.errorCodeKey: "\(error.extendedCode.name)"]) { $1 })
        case .failure(let error):
            logging.log(error)
            throw error
        }
    }
}
#endif
