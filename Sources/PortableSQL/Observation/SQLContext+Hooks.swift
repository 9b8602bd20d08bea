/// What a row change was, as reported to `SQLContext.onUpdate(hook:)`.
public enum SQLAction: Int32, Sendable, Hashable {
    /// A row was inserted (`SQLITE_INSERT`).
    case insert = 18
    /// A row was updated (`SQLITE_UPDATE`).
    case update = 23
    /// A row was deleted (`SQLITE_DELETE`).
    case delete = 9

    /// The SQL verb of the action: "INSERT", "UPDATE" or "DELETE".
    public var description: String {
        switch self {
        case .insert: "INSERT"
        case .update: "UPDATE"
        case .delete: "DELETE"
        }
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
