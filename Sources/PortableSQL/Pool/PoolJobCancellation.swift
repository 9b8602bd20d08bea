import Foundation
import Synchronization

/// Links a task's cancellation to the connection its pool job runs on: a job cancelled before
/// it starts does not start, and one cancelled while it runs has its statement stopped with
/// `SQLITE_INTERRUPT`.
///
/// `sqlite3_interrupt` stops the statement running at that moment, but SQLite forgets an
/// interrupt that arrives between two statements of the job. So the job also runs under a
/// progress handler that stops any later long statement once the task is cancelled, and a write
/// checks `checkNotCancelled()` before it commits.
final class PoolJobCancellation: Sendable {
    private let isCancelled = Atomic(false)
    /// The interrupt handle of the connection the job runs on, while it runs.
    private let running = Mutex<SQLInterruptHandle?>(nil)

    /// Called by the task's cancellation handler, from any thread.
    func cancel() {
        isCancelled.store(true, ordering: .sequentiallyConsistent)
        running.withLock { $0?.interrupt() }
    }

    /// Runs `work` on `context`, unless the task was cancelled; an interrupt that the
    /// cancellation caused becomes `CancellationError`.
    ///
    /// - Throws: `CancellationError`, or what `work` throws.
    func run<T>(on context: SQLContext, _ work: () throws -> T) throws -> T {
        let (connection, engine) = try context.checkOpen()
        running.withLock { $0 = context.interruptHandle }
        defer { running.withLock { $0 = nil } }
        // Checked after the handle is published, so that a cancel either sees it or is seen here.
        if isCancelled.load(ordering: .sequentiallyConsistent) { throw CancellationError() }
        engine.functions.progressHandler(connection, Self.progressInterval, { state in
            guard let state else { return 0 }
            let cancellation = Unmanaged<PoolJobCancellation>.fromOpaque(state).takeUnretainedValue()
            return cancellation.isCancelled.load(ordering: .relaxed) ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
        // `work` may have closed the context (the pool then opens another for the next job).
        defer { if !context.isClosed { engine.functions.progressHandler(connection, 0, nil, nil) } }
        do {
            return try work()
        } catch {
            throw isCancelled.load(ordering: .sequentiallyConsistent) ? CancellationError() : error
        }
    }

    /// Throws when the task was cancelled: a write checks it before it commits, so that a write
    /// cancelled between its statements is rolled back.
    ///
    /// - Throws: `CancellationError`.
    func checkNotCancelled() throws {
        if isCancelled.load(ordering: .sequentiallyConsistent) { throw CancellationError() }
    }

    /// SQLite virtual-machine instructions between two looks at the cancellation flag.
    private static let progressInterval: Int32 = 1_000
}
