import Foundation

/// A connection to one SQLite database.
///
/// A context is not thread-safe, like the C connection it wraps: use it from one thread (or one
/// actor) at a time. It opens connections in multi-thread mode (`SQLITE_OPEN_NOMUTEX`) for that
/// reason. It behaves as SkipSQL's does wherever code can tell (foreign keys off until
/// `foreignKeysEnabled = true`, column reads that never throw, unbound parameters NULL, bound
/// values shown in traces); `SQLiteConfiguration.strict(_:)` turns PortableSQL's stricter
/// checks on (`SQLStrictness`).
///
/// Every operation throws a `SQLError` on failure, including any use after `close()`.
public final class SQLContext {
    /// The engine that opened the connection; `nil` when it could not be loaded.
    package let engine: SQLiteEngine?
    /// The C connection; `nil` once closed, or when opening failed.
    // A context is used from one thread at a time (see above), so runtime exclusivity checks on
    // the fields every statement touches would only cost time.
    @exclusivity(unchecked) package private(set) var connection: OpaquePointer?
    /// Why the context is closed: the open or load error, or "closed".
    private var closedError: SQLError
    /// The path given when opening (`":memory:"` for an in-memory database).
    public let path: String
    /// The stricter checks this context makes, from its configuration.
    public let strictness: SQLStrictness

    @exclusivity(unchecked) var statementCache = StatementCache()
    /// The spare record values buffer of the statement fast path (`Statements/StatementFastPath.swift`).
    @usableFromInline @exclusivity(unchecked) var spareRecordValues: [SQLValue?] = []
    /// The statements prepared on the connection and not closed yet.
    let liveStatements = StatementRegistry()
    var savepointDepth = 0
    var traceHook: TraceHook?
    /// The update, commit and rollback hooks, and the observers of changes.
    let changeTracker = ChangeTracker()
    private var busyTimeoutSeconds: Double = 0
    let interruptHandleStorage: InterruptHandle?

    private init(path: String, opened: Result<(SQLiteEngine, OpaquePointer), SQLError>, engine: SQLiteEngine?, strictness: SQLStrictness = []) {
        self.path = path
        self.strictness = strictness
        switch opened {
        case .success(let (engine, connection)):
            self.engine = engine
            self.connection = connection
            self.closedError = SQLError.closed("database connection")
            self.interruptHandleStorage = InterruptHandle(connection: connection, engine: engine)
            changeTracker.attach(connection: connection, engine: engine)
        case .failure(let error):
            self.engine = engine
            self.connection = nil
            self.closedError = error
            self.interruptHandleStorage = nil
        }
    }

    private convenience init(location path: String, flags: OpenFlags, configuration: SQLiteConfiguration) {
        let engine: SQLiteEngine
        do {
            engine = try configuration.engine()
        } catch {
            let failure = error as? SQLError ?? SQLError(code: .cantOpen, message: "\(error)")
            self.init(path: path, opened: .failure(failure), engine: nil, strictness: configuration.strictness)
            return
        }
        let strictness = configuration.strictness
        let checked = engine.capabilities.contains(.localFiles) ? Self.checkDatabasePath(path, flags: flags) : .success(())
        let opened = checked.flatMap { Self.open(path: path, flags: flags, engine: engine, strictness: strictness) }
        self.init(path: path, opened: opened, engine: engine, strictness: strictness)
    }

    /// Opens (and by default creates) the database file at `path`; `nil` opens a private
    /// in-memory database, and `""` a private temporary file that is deleted on close. `flags`
    /// `nil` means SQLite's default, `[.readWrite, .create]`; PortableSQL adds `.noMutex` unless
    /// `.fullMutex` is given (see the type's documentation).
    ///
    /// - Throws: `SQLError` when the file cannot be opened (`SQLITE_CANTOPEN`), or when the
    ///   configuration's engine cannot be loaded. A file that exists but is not a database opens,
    ///   and its first read throws `SQLITE_NOTADB`; the file is never modified.
    public convenience init(path: String?, flags: OpenFlags? = nil, configuration: SQLiteConfiguration = .platform) throws {
        self.init(location: path ?? ":memory:", flags: flags ?? [.readWrite, .create], configuration: configuration)
        if connection == nil { throw closedError }
    }

    /// Opens (and by default creates) the database at a `file:` URL.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) for a URL that is not a file URL, and as
    ///   `init(path:flags:configuration:)` does.
    public convenience init(path url: URL, flags: OpenFlags? = nil, configuration: SQLiteConfiguration = .platform) throws {
        guard url.isFileURL else {
            throw SQLError(code: .cantOpen, message: "\(url) is not a file URL")
        }
        try self.init(path: url.path, flags: flags, configuration: configuration)
    }

    /// Opens a private in-memory database (`":memory:"`, as SkipSQL does: files attached to it
    /// are files). Never throws: when the engine cannot be loaded or the database opened, the
    /// context is born closed and each operation on it throws that error.
    public convenience init(configuration: SQLiteConfiguration = .platform) {
        self.init(location: ":memory:", flags: [.readWrite, .create], configuration: configuration)
    }

    /// Opens a private in-memory database on `engine`, for probes and tools inside the package.
    ///
    /// - Throws: `SQLError` when the connection cannot be opened.
    package convenience init(inMemoryOn engine: SQLiteEngine) throws {
        self.init(path: ":memory:", opened: Self.open(path: ":memory:", flags: [.readWrite, .create], engine: engine), engine: engine)
        if connection == nil { throw closedError }
    }

    /// Opens (and creates) the database file at `path` on `engine`, for copies made inside the package.
    ///
    /// - Throws: `SQLError` when the file cannot be opened.
    package convenience init(path: String, on engine: SQLiteEngine) throws {
        self.init(path: path, opened: Self.open(path: path, flags: [.readWrite, .create], engine: engine), engine: engine)
        if connection == nil { throw closedError }
    }

    private static func open(path: String, flags: OpenFlags, engine: SQLiteEngine, strictness: SQLStrictness = []) -> Result<(SQLiteEngine, OpaquePointer), SQLError> {
        // Debian's SQLite (built with SQLITE_USE_URI) reads a `file:` path as a URI even without `.uri`.
        if !engine.capabilities.contains(.encryption), flags.contains(.uri) || path.hasPrefix("file:"), KeyStatements.containsURIKey(path) {
            return .failure(
                SQLError(
                    code: .misuse,
                    message: "\(engine.name) does not encrypt, so it cannot take the key of the URI \(path.prefix { $0 != "?" }) and would write the data in clear; open the database with configuration: .plus (PortableSQLPlus)"))
        }
        if engine.capabilities.contains(.encryption), flags.contains(.uri) || path.hasPrefix("file:"), let reason = KeyStatements.unusableURIKey(in: path, inSQL: false) {
            return .failure(
                SQLError(code: .misuse, message: "\(reason), leaving \(path.prefix { $0 != "?" }) in clear; give the key as key= (a passphrase) or hexkey= (a raw key in hex)"))
        }
        var flags = flags
        if !flags.contains(.fullMutex) { flags.insert(.noMutex) }
        let functions = engine.functions
        let (result, connection) = engine.open(path, flags: flags.rawValue)
        guard result == SQLResultCode.ok.rawValue, let connection else {
            var error = SQLError(engine: engine, connection: connection, resultCode: result, sql: nil)
            error = SQLError(code: error.extendedCode, message: "cannot open \(path): \(error.message)")
            _ = functions.closeV2(connection)
            return .failure(error)
        }
        _ = functions.extendedResultCodes(connection, 1)
        guard strictness.contains(.foreignKeys) else { return .success((engine, connection)) }
        // This pragma reads nothing, so even a non-database or still-locked encrypted file opens.
        let pragma = "PRAGMA foreign_keys = ON"
        var statement: OpaquePointer?
        var status = functions.prepareV2(connection, pragma, -1, &statement, nil)
        if status == SQLResultCode.ok.rawValue {
            status = functions.step(statement)
            if status == SQLResultCode.done.rawValue { status = SQLResultCode.ok.rawValue }
        }
        if status != SQLResultCode.ok.rawValue {
            let error = SQLError(engine: engine, connection: connection, resultCode: status, sql: pragma)
            _ = functions.finalize(statement)
            _ = functions.closeV2(connection)
            return .failure(error)
        }
        _ = functions.finalize(statement)
        return .success((engine, connection))
    }

    deinit {
        closeConnection()
    }

    /// Closes the connection: finalizes every statement prepared on it (they throw from then on),
    /// removes the hooks and releases the file. Closing twice does nothing.
    ///
    /// Declared `throws` as SkipSQL's is, so that SkipSQL's `try db.close()` and
    /// `do { try db.close() } catch { … }` compile without warnings; it never throws, since every
    /// statement is finalized first and the connection is closed with `sqlite3_close_v2`. Write
    /// `defer { try? db.close() }`.
    ///
    /// Called from inside one of the context's own callbacks (a function, aggregate, collation,
    /// trace or update hook, which SQLite calls while it runs a statement), `close()` must not
    /// free what SQLite is running. The context is then closed at once for Swift (`isClosed` is
    /// true, and every later use, the running statement's included, throws `SQLITE_MISUSE`
    /// "… is closed"), and the running statement is interrupted so that it ends soon; the
    /// statements are finalized and the connection closed once SQLite has returned: when that
    /// statement's step returns, or at the next use or close of the context or of one of its
    /// statements, or when the context is freed. What the statement wrote in a transaction that
    /// did not commit is rolled back by that closing. (`ConnectionActivity` keeps the count of
    /// running callbacks and the work put off.)
    public func close() throws {
        closeConnection()
    }

    /// Closes the connection as `close()` does, for callers that cannot throw (`deinit`, the pool).
    package func closeConnection() {
        let activity = changeTracker.activity
        defer { activity.settle() }
        guard let connection, let engine else { return }
        self.connection = nil
        interruptHandleStorage?.invalidate()
        statementCache.removeAll()
        liveStatements.closeAll()
        let changeTracker = changeTracker
        let traceHook = traceHook
        self.traceHook = nil
        // The hooks and the trace box stay in place until the connection really closes.
        activity.close(connection, engine: engine) {
            changeTracker.close()
            withExtendedLifetime(traceHook) {}
        }
    }

    /// Whether the context is closed, or never opened.
    public var isClosed: Bool { connection == nil }

    /// The open connection and its engine.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) after `close()`, or the error that kept the context from opening.
    package func checkOpen() throws -> (connection: OpaquePointer, engine: SQLiteEngine) {
        guard let connection, let engine else {
            changeTracker.activity.settle()
            throw closedError
        }
        return (connection, engine)
    }

    // MARK: Connection state

    /// A function that stops the statement running on this context (`SQLITE_INTERRUPT`), to call
    /// from any thread (a context is not `Sendable`; the function is). Statements started
    /// afterwards run normally; after `close()` it does nothing. `nil` for a context whose
    /// connection never opened.
    ///
    /// ```swift
    /// let stop = db.interruptHandle
    /// DispatchQueue.global().asyncAfter(deadline: .now() + 5) { stop?() }
    /// ```
    public var interruptHandle: (@Sendable () -> Void)? {
        guard let handle = interruptHandleStorage else { return nil }
        return { handle.interrupt() }
    }

    /// Stops the statement that is running on this context, if any, with `SQLITE_INTERRUPT`.
    /// To call from another thread, use `interruptHandle`. Never throws.
    public func interrupt() {
        interruptHandleStorage?.interrupt()
    }

    /// The rowid of the last row inserted on this connection; 0 when none, or when closed.
    public var lastInsertRowID: Int64 {
        guard let connection, let engine else { return 0 }
        return engine.functions.lastInsertRowid(connection)
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed; 0 when closed. `Int32`, as
    /// SQLite's `sqlite3_changes` and SkipSQL give it.
    public var changes: Int32 {
        guard let connection, let engine else { return 0 }
        return engine.functions.changes(connection)
    }

    /// The number of rows changed since the connection opened; 0 when closed. `Int32`, as
    /// SQLite's `sqlite3_total_changes` and SkipSQL give it.
    public var totalChanges: Int32 {
        guard let connection, let engine else { return 0 }
        return engine.functions.totalChanges(connection)
    }

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    public var isInTransaction: Bool {
        guard let connection, let engine else { return false }
        return engine.functions.getAutocommit(connection) == 0
    }

    /// Whether the main database was opened read-only (or is a read-only file).
    public var isReadOnly: Bool {
        guard let connection, let engine else { return false }
        return engine.functions.dbReadonly(connection, "main") == 1
    }

    /// How long, in seconds, a statement waits for another connection's lock before it throws
    /// `SQLITE_BUSY`. 0 (the default) throws at once. Has no effect once closed.
    public var busyTimeout: Double {
        get { busyTimeoutSeconds }
        set {
            guard let connection, let engine else { return }
            let milliseconds = Int32(clamping: Int((max(0, newValue) * 1000).rounded()))
            _ = engine.functions.busyTimeout(connection, milliseconds)
            busyTimeoutSeconds = Double(milliseconds) / 1000
        }
    }

    /// Whether SQLite enforces foreign keys on this connection (`PRAGMA foreign_keys`). Off when
    /// a connection opens, as in SQLite and SkipSQL, unless the configuration is strict about
    /// foreign keys (`SQLStrictness.foreignKeys`). SQLite ignores a change while a transaction is
    /// open; the getter reports what is in force (`false` when closed).
    public var foreignKeysEnabled: Bool {
        get { (try? selectAll(sql: "PRAGMA foreign_keys").first?.first?.longValue) == 1 }
        set { try? exec(sql: newValue ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF") }
    }

    /// The SQLite version of the engine, such as "3.40.1"; "" when the engine could not be loaded.
    public var version: String { engine?.version ?? "" }

    /// The options the engine was compiled with (`PRAGMA compile_options`, without `SQLITE_`
    /// prefixes), as SkipSQL gives them: an option with a value (`THREADSAFE=1`) maps to it, as
    /// `.long` when it is a number and `.text` otherwise; one without (`ENABLE_FTS5`) to `.null`.
    /// Empty when the engine could not be loaded.
    public var compileOptions: [String: SQLValue] {
        guard let engine else { return [:] }
        var options: [String: SQLValue] = [:]
        var index: Int32 = 0
        while let option = engine.functions.compileoptionGet(index) {
            let parts = String(cString: option).split(separator: "=", maxSplits: 2)
            let name = String(parts[0])
            if parts.count == 1 {
                options[name] = .null
            } else {
                options[name] = Int64(parts[1]).map(SQLValue.long) ?? .text(String(parts[1]))
            }
            index += 1
        }
        return options
    }

    /// Whether the engine behind this context has `feature`: probed once per engine, on a private
    /// in-memory connection, and remembered. `false` when the engine could not be loaded.
    public func supports(_ feature: SQLiteFeature) -> Bool {
        engine?.supports(feature) ?? false
    }

    /// The SQLite version as one number, such as 3040001 for 3.40.1; 0 when the engine could not
    /// be loaded.
    public var versionNumber: Int32 {
        engine?.functions.libversionNumber() ?? 0
    }

    /// The database's text encoding (`PRAGMA encoding`): "UTF-8", "UTF-16le" or "UTF-16be";
    /// `nil` when closed. SQLite takes a new encoding only before the database has content; a
    /// setting it refuses or ignores leaves the encoding as it was.
    public var encoding: String? {
        get { (try? selectAll(sql: "PRAGMA encoding").first?.first?.textValue) ?? nil }
        set {
            guard let newValue, ["UTF-8", "UTF-16", "UTF-16le", "UTF-16be"].contains(newValue) else { return }
            try? exec(sql: "PRAGMA encoding = '\(newValue)'")
        }
    }
}

