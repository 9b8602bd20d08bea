import Foundation
internal import PortableSQLSystem

/// Links a task's cancellation to the connection its pool job runs on: a job cancelled before
/// it starts does not start, and one cancelled while it runs has its statement stopped with
/// `SQLITE_INTERRUPT`.
///
/// `sqlite3_interrupt` stops the statement running at that moment, but SQLite forgets an
/// interrupt that arrives between two statements of the job. So the job also runs under a
/// progress handler that stops any later long statement once the task is cancelled, and a write
/// checks `checkNotCancelled()` before it commits.
final class PoolJobCancellation: Sendable {
    /// Whether the task was cancelled, and the interrupt handle of the connection the job runs
    /// on while it runs: one lock orders a cancel and the job's start either way round.
    private let state = Locked<(isCancelled: Bool, running: InterruptHandle?)>((false, nil))

    /// Called by the task's cancellation handler, from any thread.
    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            state.running?.interrupt()
        }
    }

    private var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// Runs `work` on `context`, unless the task was cancelled; an interrupt that the
    /// cancellation caused becomes `CancellationError`.
    ///
    /// - Throws: `CancellationError`, or what `work` throws.
    func run<T>(on context: SQLContext, _ work: () throws -> T) throws -> T {
        let (connection, engine) = try context.checkOpen()
        let cancelledBefore = state.withLock { state in
            state.running = context.interruptHandleStorage
            return state.isCancelled
        }
        defer { state.withLock { $0.running = nil } }
        if cancelledBefore { throw CancellationError() }
        engine.functions.progressHandler(connection, Self.progressInterval, { state in
            guard let state else { return 0 }
            let cancellation = Unmanaged<PoolJobCancellation>.fromOpaque(state).takeUnretainedValue()
            return cancellation.isCancelled ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
        // `work` may have closed the context (the pool then opens another for the next job).
        defer { if !context.isClosed { engine.functions.progressHandler(connection, 0, nil, nil) } }
        do {
            return try work()
        } catch {
            throw isCancelled ? CancellationError() : error
        }
    }

    /// Throws when the task was cancelled: a write checks it before it commits, so that a write
    /// cancelled between its statements is rolled back.
    ///
    /// - Throws: `CancellationError`.
    func checkNotCancelled() throws {
        if isCancelled { throw CancellationError() }
    }

    /// SQLite virtual-machine instructions between two looks at the cancellation flag.
    private static let progressInterval: Int32 = 1_000
}
