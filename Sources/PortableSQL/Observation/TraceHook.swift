/// The trace and profile closures of a context, how they are shown statements, and the
/// connection's activity (which every call of them runs through), kept alive while SQLite holds
/// a pointer to them.
final class TraceHook {
    /// Told the text of each statement as it starts (`SQLITE_TRACE_STMT`).
    let hook: ((String) -> Void)?
    /// Told how long each statement ran as it finishes (`SQLITE_TRACE_PROFILE`).
    let profileHook: ((Duration, () -> String) -> Void)?
    /// The engine's functions, valid while the engine lives (as long as the process).
    let functions: UnsafePointer<SQLiteFunctions>
    /// Whether the hooks see bound values written into the statement (SkipSQL's trace).
    let showsValues: Bool
    /// The activity of the traced connection; every call of a hook runs through it.
    let activity: ConnectionActivity

    init(
        hook: ((String) -> Void)?, profileHook: ((Duration, () -> String) -> Void)?, functions: UnsafePointer<SQLiteFunctions>,
        showsValues: Bool, activity: ConnectionActivity
    ) {
        self.hook = hook
        self.profileHook = profileHook
        self.functions = functions
        self.showsValues = showsValues
        self.activity = activity
    }

    /// The `sqlite3_trace_v2` events the hooks need: without a profile hook, SQLite never reads
    /// the clock for a statement.
    var events: UInt32 {
        (hook == nil ? 0 : traceStatementEvent) | (profileHook == nil ? 0 : traceProfileEvent)
    }

    /// Tells the hook that `statement`, whose text (or trigger comment) is `text`, starts to run.
    func report(_ statement: OpaquePointer?, _ text: UnsafePointer<CChar>) {
        hook?(shownText(of: statement, text: text))
    }

    /// Tells the profile hook that `statement` finished after running `nanoseconds`.
    func reportFinished(_ statement: OpaquePointer?, nanoseconds: Int64) {
        profileHook?(.nanoseconds(nanoseconds)) { shownText(of: statement, text: nil) }
    }

    /// The text of `statement` as the hooks are shown it: redacted when it carries a key, with
    /// its values written in when `showsValues`, else `text` (the statement's own when `nil`).
    /// An ATTACH or VACUUM, whose values and literals may spell a URI with a key in any way (in
    /// pieces, as a blob), is shown without them.
    private func shownText(of statement: OpaquePointer?, text: UnsafePointer<CChar>?) -> String {
        let written = functions.pointee.sql(statement).map { String(cString: $0) } ?? text.map { String(cString: $0) } ?? ""
        if KeyStatements.containsKey(written) {
            return KeyStatements.redacted(written)
        } else if KeyStatements.opensFile(written) {
            return KeyStatements.withoutLiterals(written)
        } else if showsValues, let expanded = functions.pointee.expandedSql(statement) {
            defer { functions.pointee.free(expanded) }
            // A value may be a URI with a key (ATTACH ? AS x).
            return KeyStatements.withoutURIKeys(String(cString: expanded), inSQL: true)
        } else {
            return text.map { String(cString: $0) } ?? written
        }
    }
}

/// `SQLITE_TRACE_STMT`.
let traceStatementEvent: UInt32 = 0x01
/// `SQLITE_TRACE_PROFILE`.
let traceProfileEvent: UInt32 = 0x02
