extension SQLContext {
    /// Calls `handler` after each transaction committed on this context that changed `region`,
    /// with what changed there; never for work that was rolled back.
    ///
    /// The handler runs on the context's thread, once the committing statement has ended, and
    /// may use the context (to read the new data, say). Notifications go on until the returned
    /// observation is cancelled or freed, or the context closes. Only this connection's writes
    /// are seen: observe a database that several connections write through a `SQLContextPool`.
    /// While anything observes a context, a `DELETE` without `WHERE` deletes row by row, so that
    /// each row is reported.
    ///
    /// ```swift
    /// let observation = try db.observeChanges(in: .tables("note")) { changes in
    ///     print("changed:", changes.tables)
    /// }
    /// ```
    /// - Throws: `SQLError` when the context is closed, `SQLITE_MISUSE` when its engine cannot
    ///   report changes (a cluster).
    public func observeChanges(in region: SQLObservedRegion = .allTables, _ handler: @escaping (SQLChangeSet) -> Void) throws -> SQLObservation {
        _ = try checkOpen()
        let observer = ChangeObserver(region: region, changed: handler)
        try changeTracker.add(observer)
        return SQLObservation(observer)
    }

    /// The results of `fetch`, as an asynchronous sequence: the first now, then a fresh one after
    /// each commit on this context that changes `region`, as GRDB's `ValueObservation` gives.
    ///
    /// `fetch` runs on the context's thread, right after the commit. A consumer slower than the
    /// commits sees the newest result (older ones are dropped). The sequence ends when the
    /// context closes, and ends with the error when `fetch` throws; dropping or cancelling the
    /// iteration stops the observation.
    ///
    /// ```swift
    /// for try await count in try db.observe(.tables("note"), fetch: { try $0.selectAll(sql: "SELECT count(*) FROM note")[0][0] }) {
    ///     print("notes:", count)
    /// }
    /// ```
    /// - Throws: `SQLError` when the context is closed, `SQLITE_MISUSE` when its engine cannot
    ///   report changes (a cluster; `fetch` does not run then), or what the first `fetch` throws.
    public func observe<Value: Sendable>(
        _ region: SQLObservedRegion = .allTables, fetch: @escaping (SQLContext) throws -> Value
    ) throws -> AsyncThrowingStream<Value, any Error> {
        _ = try checkOpen()
        try changeTracker.checkAvailable()
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(try fetch(self))
        let observer = ChangeObserver(region: region, changed: { [unowned self] _ in
            do {
                continuation.yield(try fetch(self))
            } catch {
                continuation.finish(throwing: error)
            }
        }, ended: {
            continuation.finish()
        })
        try changeTracker.add(observer)
        let observation = SQLObservation(observer)
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }
}
