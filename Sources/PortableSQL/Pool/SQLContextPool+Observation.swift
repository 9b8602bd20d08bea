import Foundation
internal import PortableSQLSystem

extension SQLContextPool {
    /// Calls `handler` after each write of this pool that committed changes to `region`, with
    /// the part of `region` it changed (as `SQLContext.observeChanges(in:_:)` gives it); never
    /// for writes that were rolled back.
    ///
    /// The handler runs on the pool's writer thread right after the commit, and must not call
    /// the pool (hand work to another queue or task instead). Notifications go on until the
    /// returned observation is cancelled or freed, or the pool closes. Writes made to the file
    /// by other processes or other pools are not seen.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the pool is closed or this is called from
    ///   inside one of its closures.
    public func observeChanges(in region: SQLObservedRegion = .allTables, _ handler: @escaping @Sendable (SQLObservedRegion) -> Void) throws -> SQLObservation {
        let observer = ChangeObserver(region: region, changed: handler)
        try register(observer)
        return SQLObservation(observer)
    }

    /// The results of `fetch`, as an asynchronous sequence: the first at once, then a fresh one
    /// after each write of this pool that changes `region`, as GRDB's `ValueObservation` gives.
    ///
    /// `fetch` runs on a reader connection, in a snapshot taken after the commit, so that it
    /// never blocks writes; after several quick commits it runs once for all of them, and results
    /// arrive in the order of the commits. A result may repeat (a run can see the state the run
    /// before it saw already): compare with the last one when that matters. A consumer slower
    /// than the commits sees the newest result. The sequence ends when the pool closes, and ends with the error when `fetch`
    /// throws; dropping or cancelling the iteration stops the observation.
    ///
    /// ```swift
    /// for try await titles in pool.observe(.tables("note"), fetch: { db in
    ///     try db.selectAll(sql: "SELECT title FROM note ORDER BY title").map { $0[0].textValue ?? "" }
    /// }) {
    ///     print(titles)
    /// }
    /// ```
    public func observe<Value: Sendable>(
        _ region: SQLObservedRegion = .allTables, fetch: @escaping @Sendable (SQLContext) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        let refresher = ObservationRefresher(pool: self, fetch: fetch, continuation: continuation)
        let observer = ChangeObserver(region: region, changed: { _ in refresher.refresh() }, ended: { refresher.finish() })
        do {
            try register(observer)
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        let observation = SQLObservation(observer)
        continuation.onTermination = { [weak self] _ in
            observation.cancel()
            guard let pool = self else { return }
            pool.writerQueue.async { pool.writer.context.changeTracker.removeCancelledObservers() }
        }
        refresher.refresh()
        return stream
    }

    /// Adds `observer` to the writer connection, on the writer's thread.
    private func register(_ observer: ChangeObserver) throws {
        try checkNotNested("observe")
        guard !isPoolClosed else { throw closedError() }
        try writerQueue.sync {
            try writerContext().changeTracker.add(observer)
        }
    }
}

/// Runs an observed query on a reader after commits, one run at a time: a commit that comes
/// while a run is going asks for one more run after it, however many commits there were. It
/// keeps the pool alive until the observation stops or the pool closes.
final class ObservationRefresher<Value: Sendable>: Sendable {
    private let pool: SQLContextPool
    private let fetch: @Sendable (SQLContext) throws -> Value
    private let continuation: AsyncThrowingStream<Value, any Error>.Continuation
    private let queue = DispatchQueue(label: "PortableSQL.SQLContextPool.observation")
    /// Whether a run is going, and whether another was asked for meanwhile.
    private let state = Locked((running: false, again: false))

    init(pool: SQLContextPool, fetch: @escaping @Sendable (SQLContext) throws -> Value, continuation: AsyncThrowingStream<Value, any Error>.Continuation) {
        self.pool = pool
        self.fetch = fetch
        self.continuation = continuation
    }

    /// Asks for a run.
    func refresh() {
        let start = state.withLock { state in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        if start { queue.async { self.run() } }
    }

    private func run() {
        repeat {
            do {
                continuation.yield(try pool.read(fetch))
            } catch {
                if pool.isPoolClosed { continuation.finish() } else { continuation.finish(throwing: error) }
                return
            }
        } while state.withLock { state in
            state.running = state.again
            state.again = false
            return state.running
        }
    }

    /// Ends the sequence, when the pool closes.
    func finish() {
        continuation.finish()
    }
}
