/// What a row change was, as reported to `SQLContext.onUpdate(hook:)`.
public enum SQLAction: Sendable, Hashable {
    /// A row was inserted.
    case insert
    /// A row was updated.
    case update
    /// A row was deleted.
    case delete
}

/// The trace closure, the engine's redaction and the connection's activity (which the closure
/// runs through), kept alive while SQLite holds a pointer to them.
final class TraceHook {
    let hook: (String) -> Void
    let redact: @Sendable (String) -> String
    /// The activity of the traced connection; every call of `hook` runs through it.
    let activity: ConnectionActivity

    init(hook: @escaping (String) -> Void, redact: @escaping @Sendable (String) -> String, activity: ConnectionActivity) {
        self.hook = hook
        self.redact = redact
        self.activity = activity
    }
}

extension SQLContext {
    /// Calls `hook` with the text of each statement as it starts to run; `nil` removes the hook.
    ///
    /// The text is the SQL as written, with its placeholders, never the bound values. Statements
    /// that carry a key (SQLCipher's `PRAGMA key`, `rekey`, `ATTACH … KEY`) are reported with the
    /// key replaced. The hook runs on the thread that runs the statement; it must not use the
    /// context. Does nothing when the context is closed.
    public func trace(_ hook: ((String) -> Void)?) {
        guard let connection, let engine else { return }
        let previous = traceHook
        guard let hook else {
            _ = engine.functions.traceV2(connection, 0, nil, nil)
            traceHook = nil
            return
        }
        let box = TraceHook(hook: hook, redact: engine.redactForTrace, activity: changeTracker.activity)
        installTrace(box, connection: connection, engine: engine)
        traceHook = box
        withExtendedLifetime(previous) {}
    }

    /// Runs `body` with the trace hook detached, then attaches it again.
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
        _ = engine.functions.traceV2(connection, traceStatementEvent, { _, context, _, text in
            guard let context, let text else { return 0 }
            let box = Unmanaged<TraceHook>.fromOpaque(context).takeUnretainedValue()
            box.activity.inCallback { box.hook(box.redact(String(cString: text.assumingMemoryBound(to: CChar.self)))) }
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

/// `SQLITE_TRACE_STMT`.
private let traceStatementEvent: UInt32 = 0x01
