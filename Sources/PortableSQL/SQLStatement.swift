import Foundation

/// A prepared SQL statement: bind parameters, step through rows, read columns.
///
/// Prepare once, then run many times: `bind`/`update(parameters:)` reset the statement as
/// needed, so it is reused without being parsed again. Parameters are numbered from **1**, as in
/// SQLite's C API; columns are numbered from **0**. An index out of range, a wrong parameter
/// count or any use after `close()` (of the statement or of its context) throws a `SQLError`;
/// nothing traps. A statement belongs to the thread that uses its context.
public final class SQLStatement {
    /// The SQL text the statement was prepared from.
    public let sql: String
    /// How many parameters the statement takes (the largest parameter index).
    public let parameterCount: Int
    /// How many columns each row has; 0 once the statement is closed.
    // A statement is used from one thread at a time: runtime exclusivity checks on the hot
    // fields would only cost time on every column read.
    @exclusivity(unchecked) public internal(set) var columnCount: Int

    @usableFromInline package let engine: SQLiteEngine
    @usableFromInline @exclusivity(unchecked) package private(set) var handle: OpaquePointer?
    private let connection: OpaquePointer
    /// The context's list of open statements, which this one is on until it closes.
    private let registry: StatementRegistry
    /// The context's change observers, told when a statement that committed has ended.
    private let changeTracker: ChangeTracker
    /// Whether the statement has stepped since its last reset (binding then needs a reset).
    @usableFromInline @exclusivity(unchecked) var hasStepped = false
    /// Whether text or a blob is bound, which `releaseLargeBindings()` lets go of.
    @exclusivity(unchecked) private var holdsLargeBinding = false
    private var columnIndexCache: ColumnIndexes?
    @usableFromInline @exclusivity(unchecked) private(set) var columnNameCache: [String] = []
    /// Where the next by-name lookup looks first: the column after the last one found.
    @usableFromInline @exclusivity(unchecked) var nextColumnGuess = 0
    /// Set while `SQLContext` runs this cached statement, so that a re-entrant call prepares another.
    @exclusivity(unchecked) var isInUse = false

    /// Wraps a statement prepared on `connection` by `engine`, and adds it to `registry`.
    init(handle: OpaquePointer, connection: OpaquePointer, engine: SQLiteEngine, sql: String, registry: StatementRegistry, changeTracker: ChangeTracker) {
        self.handle = handle
        self.connection = connection
        self.engine = engine
        self.sql = sql
        self.registry = registry
        self.changeTracker = changeTracker
        parameterCount = Int(engine.functions.bindParameterCount(handle))
        columnCount = Int(engine.functions.columnCount(handle))
        registry.add(self)
    }

    deinit {
        close()
    }

    /// Finalizes the statement. Later calls throw; closing twice does nothing. Never throws.
    ///
    /// Called while SQLite runs the statement (from a function it calls), it is closed at once
    /// for Swift, and finalized once SQLite has returned from it: see `SQLContext.close()`.
    public func close() {
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
    ///   interrupt, …) or the statement is closed.
    @inlinable
    public func next() throws -> Bool {
        guard let handle else { throw closedError() }
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
        let activity = changeTracker.activity
        guard self.handle != nil else {
            activity.settle()
            if result == SQLResultCode.done.rawValue { return false }
            throw closedError()
        }
        _ = engine.functions.reset(handle)
        hasStepped = false
        if changeTracker.commitRequested { changeTracker.statementEnded() }
        if activity.hasPendingWork { activity.settle() }
        if result == SQLResultCode.done.rawValue { return false }
        throw error(result)
    }

    /// The error of any use after `close()`.
    @usableFromInline
    func closedError() -> SQLError {
        SQLError.closed("statement", sql: sql)
    }

    /// Binds `parameters` (all of them, in order), runs the statement to completion and resets it.
    ///
    /// - Throws: `SQLError` when the parameter count is wrong or SQLite reports an error.
    // Always inlined, with `bind(parameters:)`, into the loop that builds the array: a call
    // measured 5 to 7% slower on the insert benchmark (W1).
    @inlinable @inline(__always)
    public func update(parameters: [SQLValue] = []) throws {
        try bind(parameters: parameters)
        while try next() {}
    }

    /// Binds named parameters, runs the statement to completion and resets it.
    ///
    /// - Throws: `SQLError` when a parameter is unknown or missing, or SQLite reports an error.
    public func update(parameters: [String: SQLValue]) throws {
        try bind(parameters: parameters)
        while try next() {}
    }

    /// Resets the statement to run again from the start; bindings are kept.
    ///
    /// It throws nothing, as in SkipSQL: what SQLite's reset reports is the error of the last
    /// step, which `next()` has thrown already; and a closed statement has nothing to reset (its
    /// next use throws).
    public func reset() {
        guard let handle else { return }
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
            throw SQLError(code: .range, message: "parameter index \(index) is out of range 1...\(parameterCount)", sql: sql)
        }
        if hasStepped { reset() }
        try bindUnchecked(value, at: Int32(index), handle)
    }

    /// Binds `value` to the parameter named `name`: `:name`, `@name` or `$name`.
    ///
    /// `name` may be given with its prefix (`":id"`) or without it (`"id"`).
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when the statement has no such parameter.
    public func bind(_ value: SQLValue, named name: String) throws {
        try bind(value, at: parameterIndex(named: name))
    }

    /// Binds all parameters in order, after resetting the statement.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `parameters.count` is not `parameterCount`.
    @inlinable @inline(__always)
    public func bind(parameters: [SQLValue]) throws {
        guard let handle else { throw closedError() }
        guard parameters.count == parameterCount else { throw parameterCountError(parameters.count) }
        if hasStepped { reset() }
        if let failure = bindInOrder(handle, count: parameters.count, { parameters[$0] }).failure { throw failure }
    }

    /// The error of binding `count` parameters to a statement that takes another number.
    @usableFromInline
    func parameterCountError(_ count: Int) -> SQLError {
        SQLError(code: .range, message: "the statement takes \(parameterCount) parameter(s), \(count) given", sql: sql)
    }

    /// Binds all parameters by name, after resetting the statement.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when a name is unknown or a parameter is left unbound.
    public func bind(parameters: [String: SQLValue]) throws {
        guard let handle else { throw closedError() }
        if hasStepped { reset() }
        _ = engine.functions.clearBindings(handle)
        var bound = Set<Int>()
        for (name, value) in parameters {
            let index = try parameterIndex(named: name)
            try bindUnchecked(value, at: Int32(index), handle)
            bound.insert(index)
        }
        guard bound.count == parameterCount else {
            throw SQLError(code: .range, message: "the statement takes \(parameterCount) parameter(s), \(bound.count) bound by name", sql: sql)
        }
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
        throw SQLError(code: .range, message: "no parameter named \(name)", sql: sql)
    }

    /// Sets the parameters back to NULL when text or a blob is bound, so that a cached statement
    /// does not keep a large value alive until its next use.
    package func releaseLargeBindings() {
        guard holdsLargeBinding, let handle else { return }
        _ = engine.functions.clearBindings(handle)
        holdsLargeBinding = false
    }

    @usableFromInline
    func bindUnchecked(_ value: SQLValue, at index: Int32, _ handle: OpaquePointer) throws(SQLError) {
        // Reach each function through the engine: copying the whole table would cost more.
        let engine = engine
        let result: Int32
        switch value {
        case .null:
            result = engine.functions.bindNull(handle, index)
        case .long(let integer):
            result = engine.functions.bindInt64(handle, index, integer)
        case .real(let double):
            result = engine.functions.bindDouble(handle, index, double)
        case .text(var text):
            holdsLargeBinding = true
            let length = try bindableLength(text.utf8.count)
            result = text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return engine.functions.bindText(handle, index, "", 0, sqliteTransient) }
                return engine.functions.bindText(handle, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), length, sqliteTransient)
            }
        case .blob(let data):
            holdsLargeBinding = true
            let length = try bindableLength(data.count)
            result = data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, length > 0 else { return engine.functions.bindZeroblob(handle, index, 0) }
                return engine.functions.bindBlob(handle, index, base, length, sqliteTransient)
            }
        }
        guard result == SQLResultCode.ok.rawValue else { throw error(result) }
    }

    /// `count` bytes as the length SQLite's bind functions take.
    private func bindableLength(_ count: Int) throws(SQLError) -> Int32 {
        guard let length = Int32(exactly: count) else {
            throw SQLError(code: .tooBig, message: "a value of \(count) bytes is too large to bind", sql: sql)
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

    /// The 0-based index of the result column named `name`: an exact match first, then one that
    /// differs only in ASCII case, as SQL identifiers do.
    ///
    /// Reading columns by name in the order of the SELECT costs one string comparison each;
    /// other orders, one dictionary lookup.
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column.
    @inlinable
    public func columnIndex(named name: String) throws -> Int {
        let guess = nextColumnGuess
        if guess < columnNameCache.count, columnNameCache[guess] == name {
            nextColumnGuess = guess + 1 == columnNameCache.count ? 0 : guess + 1
            return guess
        }
        return try lookUpColumnIndex(named: name)
    }

    @usableFromInline @inline(never)
    func lookUpColumnIndex(named name: String) throws -> Int {
        let names = columnNames
        if columnIndexCache == nil {
            var exact: [String: Int] = [:]
            var folded: [String: Int] = [:]
            for (index, column) in names.enumerated() {
                if exact[column] == nil { exact[column] = index }
                if folded[column.lowercased()] == nil { folded[column.lowercased()] = index }
            }
            columnIndexCache = ColumnIndexes(exact: exact, folded: folded)
        }
        if let index = columnIndexCache?.exact[name] ?? columnIndexCache?.folded[name.lowercased()] {
            nextColumnGuess = index + 1 == names.count ? 0 : index + 1
            return index
        }
        throw SQLError(code: .range, message: "no column named \(name); the columns are \(names.joined(separator: ", "))", sql: sql)
    }

    /// The value of the column named `name` in the current row.
    ///
    /// - Throws: `SQLError` when there is no such column or the statement is closed.
    public func value(named name: String) throws -> SQLValue {
        try value(at: columnIndex(named: name))
    }

    /// The integer in the column named `name` of the current row; see `long(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    @inlinable
    public func long(named name: String) throws -> Int64 {
        // The common case inline: columns read in SELECT order.
        let guess = nextColumnGuess
        if guess < columnNameCache.count, columnNameCache[guess] == name, let handle {
            nextColumnGuess = guess + 1 == columnNameCache.count ? 0 : guess + 1
            return engine.functions.columnInt64(handle, Int32(truncatingIfNeeded: guess))
        }
        return try long(at: lookUpColumnIndex(named: name))
    }

    /// The double in the column named `name` of the current row; see `real(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    public func real(named name: String) throws -> Double {
        try real(at: columnIndex(named: name))
    }

    /// The text in the column named `name` of the current row; see `text(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    public func text(named name: String) throws -> String? {
        try text(at: columnIndex(named: name))
    }

    /// The bytes in the column named `name` of the current row; see `blob(at:)`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when there is no such column, or the statement is closed.
    public func blob(named name: String) throws -> Data? {
        try blob(at: columnIndex(named: name))
    }

    /// The integer in column `index` (0-based) of the current row; 0 for NULL, converted as
    /// SQLite converts for other types.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is out of range or the statement is closed.
    @inlinable
    public func long(at index: Int) throws -> Int64 {
        try checkColumn(index)
        return engine.functions.columnInt64(handle, Int32(truncatingIfNeeded: index))
    }

    /// The double in column `index` (0-based) of the current row; 0 for NULL.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is out of range or the statement is closed.
    public func real(at index: Int) throws -> Double {
        try checkColumn(index)
        return engine.functions.columnDouble(handle, Int32(truncatingIfNeeded: index))
    }

    /// The text in column `index` (0-based) of the current row; `nil` for NULL.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is out of range or the statement is closed.
    public func text(at index: Int) throws -> String? {
        try checkColumn(index)
        let column = Int32(truncatingIfNeeded: index)
        guard let text = engine.functions.columnText(handle, column) else { return nil }
        let count = Int(engine.functions.columnBytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The bytes in column `index` (0-based) of the current row; `nil` for NULL.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is out of range or the statement is closed.
    public func blob(at index: Int) throws -> Data? {
        try checkColumn(index)
        let column = Int32(truncatingIfNeeded: index)
        if engine.functions.columnType(handle, column) == SQLiteTypeCode.null { return nil }
        let bytes = engine.functions.columnBlob(handle, column)
        let count = Int(engine.functions.columnBytes(handle, column))
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Whether column `index` (0-based) of the current row is NULL.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is out of range or the statement is closed.
    public func isNull(at index: Int) throws -> Bool {
        try checkColumn(index)
        return engine.functions.columnType(handle, Int32(truncatingIfNeeded: index)) == SQLiteTypeCode.null
    }

    /// The value in column `index` (0-based) of the current row, with the type SQLite stored.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when `index` is out of range or the statement is closed.
    public func value(at index: Int) throws -> SQLValue {
        try checkColumn(index)
        return Self.readValue(engine.functionTable, handle, Int32(truncatingIfNeeded: index))
    }

    /// Every column of the current row, in order.
    ///
    /// - Throws: `SQLError` when the statement is closed.
    public func rowValues() throws -> [SQLValue] {
        guard handle != nil else { throw closedError() }
        var values: [SQLValue] = []
        values.reserveCapacity(columnCount)
        for index in 0..<columnCount {
            values.append(try value(at: index))
        }
        return values
    }

    @inlinable @inline(__always)
    func checkColumn(_ index: Int) throws {
        guard index >= 0 && index < columnCount else { throw columnError(index) }
    }

    @usableFromInline
    func columnError(_ index: Int) -> SQLError {
        if handle == nil { return closedError() }
        return SQLError(code: .range, message: "column index \(index) is out of range 0..<\(columnCount)", sql: sql)
    }

    @usableFromInline
    func error(_ result: Int32) -> SQLError {
        SQLError(engine: engine, connection: connection, resultCode: result, sql: sql)
    }
}

/// Column indexes by name: as written, and folded to lower case.
private struct ColumnIndexes {
    var exact: [String: Int]
    var folded: [String: Int]
}
