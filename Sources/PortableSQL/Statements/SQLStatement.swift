import Foundation

/// A prepared SQL statement: bind parameters, step through rows, read columns.
///
/// Prepare once, then run many times: `bind`/`update(parameters:)` reset the statement as
/// needed, so it is reused without being parsed again. Parameters are numbered from **1**, as in
/// SQLite's C API; columns are numbered from **0**. As in SkipSQL, column reads never throw (an
/// index out of range gives SQLite's 0, `nil` or NULL) and parameters left unbound are NULL;
/// `SQLStrictness` makes both checked. A bind index out of range or any use after `close()` (of
/// the statement or of its context) throws a `SQLError`; nothing traps, and no read touches
/// freed memory. A statement belongs to the thread that uses its context.
public final class SQLStatement {
    /// The SQL text the statement was prepared from.
    public let sql: String
    /// How many parameters the statement takes (the largest parameter index).
    public let parameterCount: Int32
    /// How many columns each row has; 0 once the statement is closed.
    // A statement is used from one thread at a time: runtime exclusivity checks on the hot
    // fields would only cost time on every column read.
    @exclusivity(unchecked) public internal(set) var columnCount: Int32

    @usableFromInline package let engine: SQLiteEngine
    @usableFromInline @exclusivity(unchecked) package private(set) var handle: OpaquePointer?
    private let connection: OpaquePointer
    /// The context's list of open statements, which this one is on until it closes.
    private let registry: StatementRegistry
    /// The context's change observers, told when a statement that committed has ended.
    private let changeTracker: ChangeTracker
    /// Whether the statement has stepped since its last reset (binding then needs a reset).
    @usableFromInline @exclusivity(unchecked) var hasStepped = false
    /// How many bytes of text and blobs were bound since the parameters were last set to NULL:
    /// what `releaseLargeBindings(keepingUpTo:)` lets go of (it may count values bound over).
    @exclusivity(unchecked) private var largeBindingBytes = 0
    private var columnIndexCache: ColumnIndexes?
    @usableFromInline @exclusivity(unchecked) private(set) var columnNameCache: [String] = []
    /// Where the next by-name lookup looks first: the column after the last one found.
    @usableFromInline @exclusivity(unchecked) var nextColumnGuess = 0
    /// Set while `SQLContext` runs this cached statement, so that a re-entrant call prepares another.
    @exclusivity(unchecked) var isInUse = false
    /// The stricter checks of the context's configuration.
    @usableFromInline let strictness: SQLStrictness
    /// A read that `SQLStrictness.checkedReads` reports at the next step.
    @usableFromInline @exclusivity(unchecked) var missedRead: SQLError?
    /// Whether `missedRead` is set: a flag, so that each step tests one byte.
    @usableFromInline @exclusivity(unchecked) var hasMissedRead = false
    /// An ATTACH or VACUUM INTO with parameters: each step first checks its bound values, for a
    /// `file:` URI with a key on an engine that does not encrypt (SQLite would take it as a file
    /// name and write in clear), or with a key that SQLCipher would take as none.
    @usableFromInline let checksBoundURIs: Bool
    /// How this statement's errors show it, worked out at its first error (`redaction`).
    @exclusivity(unchecked) private var savedRedaction: ErrorRedaction?

    /// Wraps a statement prepared on `connection` by `engine`, and adds it to `registry`.
    init(
        handle: OpaquePointer, connection: OpaquePointer, engine: SQLiteEngine, sql: String, registry: StatementRegistry, changeTracker: ChangeTracker,
        strictness: SQLStrictness, checksBoundURIs: Bool = false
    ) {
        self.handle = handle
        self.strictness = strictness
        self.checksBoundURIs = checksBoundURIs
        self.hasMissedRead = checksBoundURIs
        self.connection = connection
        self.engine = engine
        self.sql = sql
        self.registry = registry
        self.changeTracker = changeTracker
        parameterCount = engine.functions.bindParameterCount(handle)
        columnCount = engine.functions.columnCount(handle)
        registry.add(self)
    }

    deinit {
        finalize()
    }

    /// Finalizes the statement. Later calls throw; closing twice does nothing.
    ///
    /// Declared `throws` as SkipSQL's is (so that `try statement.close()` compiles without a
    /// warning); it never throws: an error of the statement's last step was thrown by that step.
    /// Called while SQLite runs the statement (from a function it calls), it is closed at once
    /// for Swift, and finalized once SQLite has returned from it: see `SQLContext.close()`.
    public func close() throws {
        finalize()
    }

    /// Finalizes the statement as `close()` does, for callers that cannot throw.
    @usableFromInline package func finalize() {
        let activity = changeTracker.activity
        if let handle {
            registry.remove(self)
            self.handle = nil
            columnCount = 0
            columnNameCache = []
            activity.finalize(handle, engine: engine)
            if changeTracker.commitRequested { changeTracker.statementEnded() }
        }
        activity.settle()
    }

    /// Whether `close()` has been called, on the statement or on its context.
    @inlinable public var isClosed: Bool { handle == nil }

    /// The C statement, `nil` once closed: for other modules' hot paths, read without an
    /// exclusivity check (a statement is used from one thread at a time).
    @inlinable package var currentHandle: OpaquePointer? { handle }

    // MARK: Running

    /// Steps to the next row.
    ///
    /// Returns `true` when a row is ready to read, `false` when the statement is done (it is then
    /// reset, so that a further call runs it again from the start).
    /// - Throws: `SQLError` when SQLite reports an error (a constraint, a busy database, an
    ///   interrupt, …), the statement is closed, or (with `SQLStrictness.checkedReads`) a column
    ///   read since the last step missed.
    @inlinable
    public func next() throws -> Bool {
        guard let handle, !hasMissedRead else {
            if checksBoundURIs { return try nextCheckingBoundURIs() }
            throw takeStepError()
        }
        hasStepped = true
        let result = engine.functions.step(handle)
        if result == SQLResultCode.row.rawValue { return true }
        return try finishStepping(result, handle)
    }

    /// After the last row or an error: resets the statement, and throws the error.
    /// A statement closed while it stepped (see `close()`) reports `SQLITE_DONE` as done and
    /// anything else as closed, after the finalizing put off is done.
    @usableFromInline
    func finishStepping(_ result: Int32, _ handle: OpaquePointer) throws -> Bool {
        guard self.handle != nil else {
            changeTracker.activity.settle()
            if result == SQLResultCode.done.rawValue { return false }
            throw closedError()
        }
        _ = engine.functions.reset(handle)
        hasStepped = false
        if changeTracker.commitRequested { changeTracker.statementEnded() }
        // Read after the reset, not kept across it: keeping it would retain it on every step.
        if changeTracker.activity.hasPendingWork { changeTracker.activity.settle() }
        if result == SQLResultCode.done.rawValue { return false }
        throw error(result)
    }

    /// Why the statement cannot step: it is closed, or a checked read missed (reported once).
    @usableFromInline
    func takeStepError() -> SQLError {
        if let missedRead {
            self.missedRead = nil
            hasMissedRead = checksBoundURIs
            return missedRead
        }
        return closedError()
    }

    /// Steps an ATTACH or VACUUM INTO whose bound values were checked (`checksBoundURIs`).
    ///
    /// - Throws: as `next()`, and `SQLError` (`SQLITE_MISUSE`) when a bound value is a URI with a key.
    @usableFromInline
    func nextCheckingBoundURIs() throws -> Bool {
        guard missedRead == nil, let handle else { throw takeStepError() }
        if let refusal = boundURIError(handle) { throw refusal }
        hasStepped = true
        let result = engine.functions.step(handle)
        if result == SQLResultCode.row.rawValue { return true }
        return try finishStepping(result, handle)
    }

    /// The refusal of a bound value that is a `file:` URI with a key on an engine that does not
    /// encrypt, or with a key that SQLCipher would take as none (`KeyStatements.unusableURIKey`),
    /// or that names a VFS of its own and a file that is no database file
    /// (`SQLContext.checkURIsNamingAVFS`); `nil` when there is none. The bindings are cleared so
    /// that a retry binds anew.
    private func boundURIError(_ handle: OpaquePointer) -> SQLError? {
        guard checksBoundURIs, let pointer = engine.functions.expandedSql(handle) else { return nil }
        let expanded = String(cString: pointer)
        engine.functions.free(pointer)
        let refusal: SQLError
        if engine.capabilities.contains(.encryption), let reason = KeyStatements.unusableURIKey(in: expanded) {
            refusal = SQLError(code: .misuse, message: "\(reason): the file would be written in clear; give the key as key= (a passphrase) or hexkey= (a raw key in hex)", redaction: redaction)
        } else if !engine.capabilities.contains(.encryption), KeyStatements.valuesContainURIKey(expanded) {
            refusal = SQLError(code: .misuse, message: "\(engine.name) does not encrypt, so it cannot take the key of the URI bound to this statement and would write the data in clear; open the database with configuration: .plus (PortableSQLPlus)", redaction: redaction)
        } else if engine.capabilities.contains(.localFiles), case .failure(let error) = SQLContext.checkURIsNamingAVFS(in: expanded) {
            refusal = SQLError(code: error.resultCode, message: error.message, redaction: redaction)
        } else {
            return nil
        }
        _ = engine.functions.clearBindings(handle)
        return refusal
    }

    /// The error of any use after `close()`.
    @usableFromInline
    func closedError() -> SQLError {
        SQLError.closed("statement", sql: sql)
    }

    /// Binds `parameters` in order (none: runs with what is bound), runs the statement to
    /// completion and resets it.
    ///
    /// - Throws: `SQLError` when SQLite reports an error, or (with
    ///   `SQLStrictness.allParametersBound`) when a non-empty `parameters` has another count
    ///   than the statement's parameters.
    // Always inlined, with `bind(parameters:)`, into the loop that builds the array: a call
    // measured 5 to 7% slower on the insert benchmark (W1).
    @inlinable @inline(__always)
    public func update(parameters: [SQLValue] = []) throws {
        if !parameters.isEmpty { try bind(parameters: parameters) }
        while try next() {}
    }

    /// Binds named parameters, runs the statement to completion and resets it.
    ///
    /// - Throws: `SQLError` when a parameter is unknown or missing, or SQLite reports an error.
    public func update(parameters: [String: SQLValue]) throws {
        try bind(parameters: parameters)
        while try next() {}
    }

    /// Resets the statement to run again from the start and sets every parameter back to NULL,
    /// as SkipSQL's `reset()` does (`bind` resets by itself and keeps the other bindings).
    ///
    /// It throws nothing, as in SkipSQL: what SQLite's reset reports is the error of the last
    /// step, which `next()` has thrown already; and a closed statement has nothing to reset (its
    /// next use throws).
    public func reset() {
        guard let handle else { return }
        rewind(handle)
        _ = engine.functions.clearBindings(handle)
        largeBindingBytes = 0
    }

    /// Resets the statement to run again from the start, keeping its bindings.
    @usableFromInline
    func rewind(_ handle: OpaquePointer) {
        _ = engine.functions.reset(handle)
        hasStepped = false
        if changeTracker.commitRequested { changeTracker.statementEnded() }
    }

    /// Sets every parameter back to NULL.
    ///
    /// - Throws: `SQLError` when the statement is closed.
    public func clearBindings() throws {
        guard let handle else { throw closedError() }
        _ = engine.functions.clearBindings(handle)
    }

    // MARK: Binding

    /// Binds `value` to the parameter at `index` (**1-based**), resetting the statement first if it has run.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is not in `1...parameterCount`,
    ///   `SQLITE_TOOBIG` for text or a blob over 2 GiB, or when the statement is closed.
    public func bind(_ value: SQLValue, at index: Int) throws {
        guard let handle else { throw closedError() }
        guard index >= 1 && index <= parameterCount else {
            throw SQLError(code: .range, message: "parameter index \(index) is out of range 1...\(parameterCount)", redaction: redaction)
        }
        if hasStepped { rewind(handle) }
        try bindUnchecked(value, at: Int32(index), handle)
    }

    /// Binds `value` to the parameter named `name`: `:name`, `@name` or `$name`.
    ///
    /// `name` may be given with its prefix (`":id"`) or without it (`"id"`).
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when the statement has no such parameter.
    public func bind(_ value: SQLValue, named name: String) throws {
        try bind(value, at: parameterIndex(named: name))
    }

    /// Binds `bytes` as TEXT to the parameter at `index` (**1-based**), byte for byte, even when
    /// they are not valid UTF-8 (which a `String` would change): the way to write back what
    /// `textBytes(at:)` read.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is not in `1...parameterCount`,
    ///   `SQLITE_TOOBIG` over 2 GiB, or when the statement is closed.
    public func bind(textBytes bytes: Data, at index: Int) throws {
        guard let handle else { throw closedError() }
        guard index >= 1 && index <= parameterCount else {
            throw SQLError(code: .range, message: "parameter index \(index) is out of range 1...\(parameterCount)", redaction: redaction)
        }
        if hasStepped { rewind(handle) }
        let length = try bindableLength(bytes.count)
        largeBindingBytes &+= bytes.count
        let result = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, length > 0 else { return engine.functions.bindText(handle, Int32(index), "", 0, sqliteTransient) }
            return engine.functions.bindText(handle, Int32(index), base.assumingMemoryBound(to: CChar.self), length, sqliteTransient)
        }
        guard result == SQLResultCode.ok.rawValue else { throw error(result) }
    }

    /// Binds `parameters` to parameters 1, 2, … in order, after resetting the statement; the
    /// parameters after them are NULL, as in SQLite and SkipSQL.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there are more values than parameters, or
    ///   (with `SQLStrictness.allParametersBound`) fewer.
    @inlinable @inline(__always)
    public func bind(parameters: [SQLValue]) throws {
        guard let handle else { throw closedError() }
        if parameters.count != parameterCount { try checkPartialBinding(parameters.count, handle) }
        if hasStepped { rewind(handle) }
        if let failure = bindInOrder(handle, count: parameters.count, { parameters[$0] }).failure { throw failure }
    }

    /// Before binding `count` values to a statement with another number of parameters: throws
    /// when there are too many or the configuration wants all, and otherwise sets the parameters
    /// to NULL so that those left over are NULL.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`).
    @usableFromInline
    func checkPartialBinding(_ count: Int, _ handle: OpaquePointer) throws {
        if count > parameterCount || strictness.contains(.allParametersBound) { throw parameterCountError(count) }
        _ = engine.functions.clearBindings(handle)
    }

    /// The error of binding `count` parameters to a statement that takes another number.
    @usableFromInline
    func parameterCountError(_ count: Int) -> SQLError {
        SQLError(code: .range, message: "the statement takes \(parameterCount) parameter(s), \(count) given", redaction: redaction)
    }

    /// Binds parameters by name, after resetting the statement; those not named are NULL.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when a name is unknown, or (with
    ///   `SQLStrictness.allParametersBound`) a parameter is left unbound; `SQLITE_MISUSE` when two
    ///   of the statement's parameter names are one dictionary key (the same text in two
    ///   Unicode forms).
    public func bind(parameters: [String: SQLValue]) throws {
        guard let handle else { throw closedError() }
        if let twins = parameterNamesSwiftTakesAsOne(handle) {
            throw SQLError(code: .misuse, message: "the parameters \(twins.0) and \(twins.1) are one key to a Swift dictionary (the same text in two Unicode forms), so one would stay NULL; bind them by index", redaction: redaction)
        }
        if hasStepped { rewind(handle) }
        _ = engine.functions.clearBindings(handle)
        var bound = Set<Int>()
        for (name, value) in parameters {
            let index = try parameterIndex(named: name)
            try bindUnchecked(value, at: Int32(index), handle)
            bound.insert(index)
        }
        guard bound.count == parameterCount || !strictness.contains(.allParametersBound) else {
            throw SQLError(code: .range, message: "the statement takes \(parameterCount) parameter(s), \(bound.count) bound by name", redaction: redaction)
        }
    }

    /// Two parameter names of the statement that are different to SQLite but equal as Swift
    /// strings, spelled with their code points beyond ASCII; `nil` when there are none.
    private func parameterNamesSwiftTakesAsOne(_ handle: OpaquePointer) -> (String, String)? {
        guard parameterCount > 1 else { return nil }
        let names = (1...parameterCount).compactMap { engine.functions.bindParameterName(handle, Int32($0)).map { String(cString: $0) } }
        guard names.contains(where: { !$0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
        for (index, name) in names.enumerated() {
            if let twin = names[(index + 1)...].first(where: { $0 == name && !$0.utf8.elementsEqual(name.utf8) }) {
                return (name.nonASCIISpelledOut, twin.nonASCIISpelledOut)
            }
        }
        return nil
    }

    /// The 1-based index of the parameter named `name` (with or without its `:`, `@` or `$`).
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such parameter.
    public func parameterIndex(named name: String) throws -> Int {
        guard let handle else { throw closedError() }
        let candidates = name.first.map { ":@$".contains($0) } == true ? [name] : [":" + name, "@" + name, "$" + name]
        for candidate in candidates {
            let index = engine.functions.bindParameterIndex(handle, candidate)
            if index > 0 { return Int(index) }
        }
        throw SQLError(code: .range, message: "no parameter named \(name)", redaction: redaction)
    }

    /// Sets the parameters back to NULL when text or blobs of more than `keptBytes` bytes in all
    /// were bound since they last were, so that a cached statement does not keep a large value
    /// alive until its next use.
    package func releaseLargeBindings(keepingUpTo keptBytes: Int = 0) {
        guard largeBindingBytes > keptBytes, let handle else { return }
        _ = engine.functions.clearBindings(handle)
        largeBindingBytes = 0
    }

    @usableFromInline
    func bindUnchecked(_ value: SQLValue, at index: Int32, _ handle: OpaquePointer) throws(SQLError) {
        let result: Int32
        switch value {
        case .null:
            result = engine.functions.bindNull(handle, index)
        case .long(let integer):
            result = engine.functions.bindInt64(handle, index, integer)
        case .real(let double):
            result = engine.functions.bindDouble(handle, index, double)
        case .text, .blob:
            return try bindVariableLength(value, at: index, handle)
        }
        guard result == SQLResultCode.ok.rawValue else { throw error(result) }
    }

    /// Binds text or a blob (anything else is bound as NULL), which SQLite copies. The value is
    /// taken, so that binding one moved out of a buffer retains nothing.
    @usableFromInline
    func bindVariableLength(_ value: __owned SQLValue, at index: Int32, _ handle: OpaquePointer) throws(SQLError) {
        // Reach each function through the engine: copying the whole table would cost more.
        let engine = engine
        // SQLITE_TRANSIENT as a constant, not through the global's one-time initialization.
        let transient = unsafeBitCast(-1 as Int, to: SQLiteDestructor.self)
        let result: Int32
        switch consume value {
        case .text(var text):
            let count = text.utf8.count
            let length = try bindableLength(count)
                largeBindingBytes &+= count
            result = text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return engine.functions.bindText(handle, index, "", 0, transient) }
                return engine.functions.bindText(handle, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), length, transient)
            }
        case .blob(let data):
            let count = data.count
            let length = try bindableLength(count)
                largeBindingBytes &+= count
            result = data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, length > 0 else { return engine.functions.bindZeroblob(handle, index, 0) }
                return engine.functions.bindBlob(handle, index, base, length, transient)
            }
        default:
            result = engine.functions.bindNull(handle, index)
        }
        guard result == SQLResultCode.ok.rawValue else { throw error(result) }
    }

    /// `count` bytes as the length SQLite's bind functions take.
    @inline(__always)
    private func bindableLength(_ count: Int) throws(SQLError) -> Int32 {
        guard let length = Int32(exactly: count) else {
            throw SQLError(code: .tooBig, message: "a value of \(count) bytes is too large to bind", redaction: redaction)
        }
        return length
    }

    // MARK: Reading columns

    /// The names of the result columns, in order.
    public var columnNames: [String] {
        if columnNameCache.count != columnCount, let handle {
            columnNameCache = (0..<Int32(columnCount)).map { column in
                engine.functions.columnName(handle, column).map { String(cString: $0) } ?? ""
            }
        }
        return columnNameCache
    }

    /// The 0-based index of the result column named `name`: a match byte for byte first, then
    /// one that differs only in ASCII case, as SQL identifiers do (a name in another Unicode
    /// form is another name, as it is to SQLite).
    ///
    /// Reading columns by name in the order of the SELECT costs one string comparison each;
    /// other orders, one dictionary lookup.
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column.
    @inlinable
    public func columnIndex(named name: String) throws -> Int {
        let guess = nextColumnGuess
        if guess < columnNameCache.count, columnNameCache[guess].utf8.elementsEqual(name.utf8) {
            nextColumnGuess = guess + 1 == columnNameCache.count ? 0 : guess + 1
            return guess
        }
        return try lookUpColumnIndex(named: name)
    }

    @usableFromInline @inline(never)
    func lookUpColumnIndex(named name: String) throws -> Int {
        guard handle != nil else { throw closedError() }
        let names = columnNames
        if columnIndexCache == nil {
            var exact: [[UInt8]: Int] = [:]
            var folded: [SQLiteName: Int] = [:]
            for (index, column) in names.enumerated() {
                if exact[Array(column.utf8)] == nil { exact[Array(column.utf8)] = index }
                if folded[SQLiteName(column)] == nil { folded[SQLiteName(column)] = index }
            }
            columnIndexCache = ColumnIndexes(exact: exact, folded: folded)
        }
        if let index = columnIndexCache?.exact[Array(name.utf8)] ?? columnIndexCache?.folded[SQLiteName(name)] {
            nextColumnGuess = index + 1 == names.count ? 0 : index + 1
            return index
        }
        throw SQLError(code: .range, message: "no column named \(name); the columns are \(names.joined(separator: ", "))", redaction: redaction)
    }

    /// The value of the column named `name` in the current row.
    ///
    /// - Throws: `SQLError` when there is no such column or the statement is closed.
    public func value(named name: String) throws -> SQLValue {
        value(at: try columnIndex(named: name))
    }

    /// The integer in the column named `name` of the current row; see `long(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    @inlinable
    public func long(named name: String) throws -> Int64 {
        // The common case inline: columns read in SELECT order.
        let guess = nextColumnGuess
        if guess < columnNameCache.count, columnNameCache[guess].utf8.elementsEqual(name.utf8), let handle {
            nextColumnGuess = guess + 1 == columnNameCache.count ? 0 : guess + 1
            return engine.functions.columnInt64(handle, Int32(truncatingIfNeeded: guess))
        }
        return long(at: try lookUpColumnIndex(named: name))
    }

    /// The double in the column named `name` of the current row; see `real(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    public func real(named name: String) throws -> Double {
        real(at: try columnIndex(named: name))
    }

    /// The text in the column named `name` of the current row; see `text(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    public func text(named name: String) throws -> String? {
        text(at: try columnIndex(named: name))
    }

    /// The bytes in the column named `name` of the current row; see `blob(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    public func blob(named name: String) throws -> Data? {
        blob(at: try columnIndex(named: name))
    }

    /// The integer in column `index` (0-based) of the current row; 0 for NULL, converted as
    /// SQLite converts for other types. As in SkipSQL, 0 also when there is no such column or the
    /// statement is closed (see `SQLStrictness.checkedReads`).
    @inlinable
    public func long(at index: Int) -> Int64 {
        guard let handle, index >= 0 && index < columnCount else { return missed(index, 0) }
        return engine.functions.columnInt64(handle, Int32(truncatingIfNeeded: index))
    }

    /// The double in column `index` (0-based) of the current row; 0 for NULL, and when there is
    /// no such column or the statement is closed.
    public func real(at index: Int) -> Double {
        guard let handle, index >= 0 && index < columnCount else { return missed(index, 0) }
        return engine.functions.columnDouble(handle, Int32(truncatingIfNeeded: index))
    }

    /// The text in column `index` (0-based) of the current row (numbers converted as SQLite
    /// converts them); `nil` for NULL, and when there is no such column or the statement is
    /// closed. Bytes that are not valid UTF-8 become U+FFFD: read them with `textBytes(at:)`.
    public func text(at index: Int) -> String? {
        guard let handle, index >= 0 && index < columnCount else { return missed(index, nil) }
        let column = Int32(truncatingIfNeeded: index)
        guard let text = engine.functions.columnText(handle, column) else { return nil }
        let count = Int(engine.functions.columnBytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The bytes of column `index` (0-based) of the current row as SQLite holds them as text,
    /// byte for byte (even when they are not valid UTF-8); `nil` for NULL, and when there is no
    /// such column or the statement is closed. Bind such bytes back with `bind(textBytes:at:)`.
    public func textBytes(at index: Int) -> Data? {
        guard let handle, index >= 0 && index < columnCount else { return missed(index, nil) }
        let column = Int32(truncatingIfNeeded: index)
        guard let text = engine.functions.columnText(handle, column) else { return nil }
        return Data(bytes: text, count: Int(engine.functions.columnBytes(handle, column)))
    }

    /// The bytes in column `index` (0-based) of the current row (text as its UTF-8 bytes);
    /// `nil` for NULL, and when there is no such column or the statement is closed.
    public func blob(at index: Int) -> Data? {
        guard let handle, index >= 0 && index < columnCount else { return missed(index, nil) }
        let column = Int32(truncatingIfNeeded: index)
        if engine.functions.columnType(handle, column) == SQLiteTypeCode.null { return nil }
        let bytes = engine.functions.columnBlob(handle, column)
        let count = Int(engine.functions.columnBytes(handle, column))
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Whether column `index` (0-based) of the current row is NULL; `true` when there is no such
    /// column or the statement is closed.
    public func isNull(at index: Int) -> Bool {
        guard let handle, index >= 0 && index < columnCount else { return missed(index, true) }
        return engine.functions.columnType(handle, Int32(truncatingIfNeeded: index)) == SQLiteTypeCode.null
    }

    /// The value in column `index` (0-based) of the current row, with the type SQLite stored;
    /// `.null` when there is no such column or the statement is closed.
    public func value(at index: Int) -> SQLValue {
        guard let handle, index >= 0 && index < columnCount else { return missed(index, .null) }
        return Self.readValue(engine.functionTable, handle, Int32(truncatingIfNeeded: index))
    }

    /// Every column of the current row, in order; empty when the statement is closed.
    public func rowValues() -> [SQLValue] {
        var values: [SQLValue] = []
        values.reserveCapacity(Int(columnCount))
        for index in 0..<columnCount {
            values.append(value(at: index))
        }
        return values
    }

    /// What a read of column `index` that missed returns: `value`, after noting the miss for
    /// the next step when reads are checked.
    @usableFromInline
    func missed<Value>(_ index: Int, _ value: Value) -> Value {
        if strictness.contains(.checkedReads), missedRead == nil {
            hasMissedRead = true
            missedRead = handle == nil
                ? closedError()
                : SQLError(code: .range, message: "column index \(index) is out of range 0..<\(columnCount)", redaction: redaction)
        }
        return value
    }

    @usableFromInline
    func error(_ result: Int32) -> SQLError {
        SQLError(engine: engine, connection: connection, resultCode: result, redaction: redaction)
    }

    /// How this statement's errors show its text and messages: worked out once, then kept.
    private var redaction: ErrorRedaction {
        if let savedRedaction { return savedRedaction }
        let redaction = ErrorRedaction(sql: sql)
        savedRedaction = redaction
        return redaction
    }
}

/// Column indexes by name: as written, and folded to lower case.
private struct ColumnIndexes {
    /// By the name's bytes.
    var exact: [[UInt8]: Int]
    /// By the name as SQLite compares names.
    var folded: [SQLiteName: Int]
}
