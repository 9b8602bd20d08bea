extension SQLContext {
    /// Calls `handler` after each transaction committed on this context that changed `region`,
    /// with the part of `region` it changed (`.tables(names)`, or `.rows(table:rowIDs:)` for a
    /// region of rows); never for work that was rolled back.
    ///
    /// The handler runs on the context's thread, once the committing statement has ended, and
    /// may use the context (to read the new data, say). Notifications go on until the returned
    /// observation is cancelled or freed, or the context closes. Only this connection's writes
    /// are seen: observe a database that several connections write through a `SQLContextPool`.
    /// While anything observes a context, a `DELETE` without `WHERE` deletes row by row, so that
    /// each row is reported.
    ///
    /// ```swift
    /// let observation = try db.observeChanges(in: .tables("note")) { changed in
    ///     print("changed:", changed.tableNames)
    /// }
    /// ```
    /// - Throws: `SQLError` when the context is closed, `SQLITE_MISUSE` when its engine cannot
    ///   report changes (a cluster).
    public func observeChanges(in region: SQLObservedRegion = .allTables, _ handler: @escaping (SQLObservedRegion) -> Void) throws -> SQLObservation {
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

extension SQLContext {
    /// Calls `hook` with the text of each statement as it starts to run; `nil` removes the hook.
    ///
    /// As in SkipSQL, the text has the bound values written in place of their placeholders
    /// (`SELECT 'ABC'` for `SELECT ?` with "ABC" bound); with `SQLStrictness.hiddenValuesInTrace`
    /// it is the SQL as written, with its placeholders. Statements that carry a key (SQLCipher's
    /// `PRAGMA key`, `rekey`, `ATTACH … KEY`, however spelled) are always reported with the key
    /// replaced and no value shown. The hook runs on the thread that runs the statement; it must
    /// not use the context. A profile hook (`profile(_:)`) stays as it is. Does nothing when the
    /// context is closed.
    public func trace(_ hook: ((String) -> Void)?) {
        setTraceHooks(hook, profile: traceHook?.profileHook)
    }

    /// Calls `hook` as each statement finishes, with how long it ran and a closure that gives
    /// its text; `nil` removes the hook.
    ///
    /// A statement finishes when a step ends it (`SQLITE_DONE` or an error) or when it is reset
    /// or finalized after it started; `duration` is SQLite's measure (`SQLITE_TRACE_PROFILE`):
    /// the time from its first step until then, time the caller spent between two rows
    /// included. Statements that triggers run are part of theirs. `sql()` gives the text as
    /// `trace(_:)` shows it (values written in unless `SQLStrictness.hiddenValuesInTrace`, a key
    /// never); it is built only when called, so a hook that logs only slow statements costs
    /// little on the others. The hook runs on the thread that runs the statement, and may run
    /// from `close()` for a statement left unfinished; it must not use the context. The trace
    /// hook stays as it is. Without a profile hook SQLite does not time statements at all.
    /// Does nothing when the context is closed.
    ///
    /// ```swift
    /// db.profile { duration, sql in
    ///     if duration > .milliseconds(100) { print("slow (\(duration)): \(sql())") }
    /// }
    /// ```
    public func profile(_ hook: ((_ duration: Duration, _ sql: () -> String) -> Void)?) {
        setTraceHooks(traceHook?.hook, profile: hook)
    }

    /// Installs the trace and profile hooks in place of the ones set before; none removes both.
    private func setTraceHooks(_ hook: ((String) -> Void)?, profile: ((Duration, () -> String) -> Void)?) {
        guard let connection, let engine else { return }
        let previous = traceHook
        guard hook != nil || profile != nil else {
            _ = engine.functions.traceV2(connection, 0, nil, nil)
            traceHook = nil
            return
        }
        let box = TraceHook(
            hook: hook, profileHook: profile, functions: engine.functionTable, showsValues: !strictness.contains(.hiddenValuesInTrace),
            activity: changeTracker.activity)
        installTrace(box, connection: connection, engine: engine)
        traceHook = box
        withExtendedLifetime(previous) {}
    }

    /// Runs `body` with the trace and profile hooks detached, then attaches them again.
    ///
    /// SQLCipher 3's `sqlcipher_export` clears the legacy trace pointer but not the trace flags,
    /// and so calls a null function when a trace hook is set; PortableSQLPlus runs it through here.
    /// - Throws: what `body` throws.
    package func withoutTrace<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let box = traceHook, let connection, let engine else { return try body() }
        _ = engine.functions.traceV2(connection, 0, nil, nil)
        defer { installTrace(box, connection: connection, engine: engine) }
        return try body()
    }

    private func installTrace(_ box: TraceHook, connection: OpaquePointer, engine: SQLiteEngine) {
        _ = engine.functions.traceV2(connection, box.events, { event, context, statement, detail in
            guard let context, let detail else { return 0 }
            let box = Unmanaged<TraceHook>.fromOpaque(context).takeUnretainedValue()
            if event == traceProfileEvent {
                // The detail of a profile event is the running time in nanoseconds.
                let nanoseconds = detail.load(as: Int64.self)
                box.activity.inCallback { box.reportFinished(statement.map(OpaquePointer.init), nanoseconds: nanoseconds) }
            } else {
                box.activity.inCallback { box.report(statement.map(OpaquePointer.init), detail.assumingMemoryBound(to: CChar.self)) }
            }
            return 0
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Calls `hook` after each row this connection inserts, updates or deletes in a rowid table,
    /// with the action, the rowid, the database name ("main", …) and the table name; `nil`
    /// removes the hook. As in SQLite, a `DELETE` without `WHERE` that empties a table at once
    /// reports nothing (unless the context is observed: see `observeChanges(in:_:)`), nor do
    /// `WITHOUT ROWID` tables. The hook runs as each row changes, before the transaction ends,
    /// so it also reports changes that are later rolled back: to hear only of committed ones,
    /// observe. It must not use the context. Does nothing when the context is closed.
    public func onUpdate(hook: ((_ action: SQLAction, _ rowID: Int64, _ database: String, _ table: String) -> Void)?) {
        guard !isClosed else { return }
        changeTracker.setUpdateHandler(hook)
    }
}
