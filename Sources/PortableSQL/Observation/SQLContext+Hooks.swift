/// What a row change was, as reported to `SQLContext.onUpdate(hook:)`.
public enum SQLAction: Int32, Sendable, Hashable {
    /// A row was inserted (`SQLITE_INSERT`).
    case insert = 18
    /// A row was updated (`SQLITE_UPDATE`).
    case update = 23
    /// A row was deleted (`SQLITE_DELETE`).
    case delete = 9
}

/// The trace closure, how it is shown statements, and the connection's activity (which the
/// closure runs through), kept alive while SQLite holds a pointer to them.
final class TraceHook {
    let hook: (String) -> Void
    /// The engine's functions, valid while the engine lives (as long as the process).
    let functions: UnsafePointer<SQLiteFunctions>
    /// Whether the hook sees bound values written into the statement (SkipSQL's trace).
    let showsValues: Bool
    /// The activity of the traced connection; every call of `hook` runs through it.
    let activity: ConnectionActivity

    init(hook: @escaping (String) -> Void, functions: UnsafePointer<SQLiteFunctions>, showsValues: Bool, activity: ConnectionActivity) {
        self.hook = hook
        self.functions = functions
        self.showsValues = showsValues
        self.activity = activity
    }

    /// Tells the hook that `statement`, whose text (or trigger comment) is `text`, starts to run.
    func report(_ statement: OpaquePointer?, _ text: UnsafePointer<CChar>) {
        let written = functions.pointee.sql(statement).map { String(cString: $0) } ?? String(cString: text)
        if KeyStatements.containsKey(written) {
            hook(KeyStatements.redacted(written))
        } else if showsValues, let expanded = functions.pointee.expandedSql(statement) {
            defer { functions.pointee.free(expanded) }
            // A value may be a URI with a key (ATTACH ? AS x).
            hook(KeyStatements.withoutURIKeys(String(cString: expanded)))
        } else {
            hook(String(cString: text))
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
    /// not use the context. Does nothing when the context is closed.
    public func trace(_ hook: ((String) -> Void)?) {
        guard let connection, let engine else { return }
        let previous = traceHook
        guard let hook else {
            _ = engine.functions.traceV2(connection, 0, nil, nil)
            traceHook = nil
            return
        }
        let box = TraceHook(
            hook: hook, functions: engine.functionTable, showsValues: !strictness.contains(.hiddenValuesInTrace), activity: changeTracker.activity)
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
        _ = engine.functions.traceV2(connection, traceStatementEvent, { _, context, statement, text in
            guard let context, let text else { return 0 }
            let box = Unmanaged<TraceHook>.fromOpaque(context).takeUnretainedValue()
            box.activity.inCallback { box.report(statement.map(OpaquePointer.init), text.assumingMemoryBound(to: CChar.self)) }
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
