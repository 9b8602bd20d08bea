import Foundation

// The statement fast path: how a statement is found, bound and read without the general
// path's per-call costs. The core uses it itself (`bind(parameters:)` runs `bindInOrder`, the
// value reader serves rows and function arguments), and it is the one seam the mapping layer
// (PortableSQLCodable and the code `@SQLRecord` writes) builds on, as GRDB's
// `StatementColumnConvertible` is between its core and records. It holds:
//
// - the spare values buffer: an insert encodes into the context's reused array of values, binds
//   by moving them out, and gives the emptied array back;
// - derived statement keys: a record type's statements are cached under its table's layout
//   object and a variant number (which columns an INSERT names), not under their SQL text, and
//   the cache finds the few found last again by comparing keys, without hashing them;
// - check-out and check-in of cached statements, so that a statement in use is never handed out
//   twice (a hook re-entering the context prepares another);
// - the one binding loop (`bindInOrder`), which `bind(parameters:)` shares: integers, reals and
//   NULL bound inline, text and blobs through `bindUnchecked`;
// - the one value reader (`readValue`), through the engine's function table by position.
//
// The rules: a checked-out statement is checked in on every path (`defer`); a buffer taken with
// `swapSpareRecordValues` is given back emptied, never holding text or blobs; and nothing here is
// public: the layers above are in this package.

/// What a cached statement is found by: its SQL text, or, for statements a library layer
/// derives from a description of its own (the mapping layer's INSERT of a table, say), that
/// description's object and a variant number, which saves building and hashing the text.
///
/// Texts are compared by their UTF-8 bytes, as SQLite reads them, not as Swift compares
/// strings: `"café"` composed and decomposed are one `String` but two names to SQLite, and a
/// statement cached for one must never run for the other.
package enum StatementKey: Hashable {
    /// The statement's SQL text.
    case text(String)
    /// An object that describes the statement (kept alive while cached) and a variant number.
    case derived(ObjectIdentifier, variant: Int)

    package static func == (lhs: StatementKey, rhs: StatementKey) -> Bool {
        switch (lhs, rhs) {
        case (.text(var first), .text(var second)):
            return first.withUTF8 { first in
                second.withUTF8 { second in
                    first.count == second.count && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
                }
            }
        case (.derived(let first, let firstVariant), .derived(let second, let secondVariant)):
            return first == second && firstVariant == secondVariant
        default:
            return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .text(var text):
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .derived(let object, let variant):
            hasher.combine(object)
            hasher.combine(variant)
        }
    }
}

extension SQLContext {
    /// Exchanges `values` with the context's spare record values buffer. Inlinable, so that a
    /// call from another module reaches the buffer without a run-time exclusivity check.
    @inlinable package func swapSpareRecordValues(_ values: inout [SQLValue?]) {
        swap(&values, &spareRecordValues)
    }

    /// The statement cached under `key` (prepared from `sql()` and cached on first use), marked
    /// as in use until `checkIn(_:)`; `nil` when the SQL holds no statement.
    ///
    /// - Throws: `SQLError` from preparing.
    package func checkOutStatement(key: StatementKey, owner: AnyObject?, sql: () -> String) throws -> SQLStatement? {
        if let cached = checkOutCachedStatement(key: key) { return cached }
        // Finalized while cached: the statement prepared below takes its place.
        if let cached = statementCache.statement(for: key), !cached.isInUse, cached.isClosed { statementCache.remove(key) }
        guard let prepared = try prepareFirst(sql()) else { return nil }
        if !statementCache.contains(key) { statementCache.insert(prepared, for: key, owner: owner) }
        prepared.isInUse = true
        return prepared
    }

    /// The statement cached under `key`, marked as in use until `checkIn(_:)`, when it is cached,
    /// not in use and not finalized; otherwise `nil`, and nothing is prepared. The first step of
    /// `checkOutStatement(key:owner:sql:)`, for a caller whose statement text costs work to build.
    @inline(__always)
    package func checkOutCachedStatement(key: StatementKey) -> SQLStatement? {
        guard let cached = statementCache.statement(for: key), !cached.isInUse, !cached.isClosed else { return nil }
        cached.isInUse = true
        return cached
    }

    /// The statement a library layer derives from `owner`'s description under `variant` (see
    /// `StatementKey.derived`), checked out as `checkOutStatement(key:owner:sql:)` does.
    ///
    /// - Throws: `SQLError` from preparing.
    @inline(__always)
    package func checkOutStatement(derivedFrom owner: AnyObject, variant: Int, sql: () -> String) throws -> SQLStatement? {
        try checkOutStatement(key: .derived(ObjectIdentifier(owner), variant: variant), owner: owner, sql: sql)
    }

    /// Gives back a statement of `checkOutStatement`, letting go of its bound text and blobs
    /// (of those over `keptBindingBytes` bytes in all, when given: see `keptInsertBindingBytes`).
    package func checkIn(_ statement: SQLStatement, keepingBindingsUpTo keptBindingBytes: Int = 0) {
        statement.isInUse = false
        statement.releaseLargeBindings(keepingUpTo: keptBindingBytes)
    }

    /// How many bytes of text and blobs a record INSERT may keep bound between uses. Setting
    /// the parameters to NULL after each row would cost every insert of text a call that visits
    /// each parameter, and SQLite a new buffer for the next row's text; what stays bound is no
    /// more than the row the INSERT wrote, and a large value is still let go of at once. (A
    /// computed property: reading it costs no check of a one-time initialization.)
    @inlinable package static var keptInsertBindingBytes: Int { 4096 }
}

extension SQLStatement {
    /// The one binding loop: binds the non-nil values of `value(0)`, `value(1)`, … to
    /// parameters 1, 2, … in order, up to `count` positions. Returns how many values it bound
    /// and the position it stopped after: `count`, or earlier at a value past the last parameter
    /// or one that failed to bind (`failure`); the caller deals with the positions after it.
    @inlinable @inline(__always)
    func bindInOrder(_ handle: OpaquePointer, count: Int, _ value: (Int) -> SQLValue?) -> (bound: Int32, end: Int, failure: SQLError?) {
        let limit = Int32(truncatingIfNeeded: parameterCount)
        let functions = engine.functionTable
        // Read once: the integer binder is called for most values.
        let bindInt64 = functions.pointee.bindInt64
        var index: Int32 = 0
        for position in 0..<count {
            guard let next = value(position) else { continue }
            index &+= 1
            guard index <= limit else { return (index, position &+ 1, nil) }
            // Numbers and NULL inline: they are most of what rows hold.
            let result: Int32
            switch consume next {
            case .long(let integer): result = bindInt64(handle, index, integer)
            case .real(let double): result = functions.pointee.bindDouble(handle, index, double)
            case .null: result = functions.pointee.bindNull(handle, index)
            case let large:
                do throws(SQLError) { try bindVariableLength(large, at: index, handle) } catch { return (index, position &+ 1, error) }
                continue
            }
            if result != SQLResultCode.ok.rawValue { return (index, position &+ 1, error(result)) }
        }
        return (index, count, nil)
    }

    /// Binds the non-nil values of `values` to parameters 1, 2, … in order, after resetting the
    /// statement, and leaves `values` as they are. There must be exactly `parameterCount` of them.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) for a wrong count, or when a value cannot be bound.
    package func bind(presentValues values: [SQLValue?]) throws {
        guard let handle else { throw closedError() }
        if hasStepped { rewind(handle) }
        let (bound, end, failure) = bindInOrder(handle, count: values.count) { values[$0] }
        if let failure { throw failure }
        let count = Int(bound) + values[end...].lazy.filter { $0 != nil }.count
        guard count == parameterCount else { throw parameterCountError(count) }
    }

    /// Binds the non-nil values of `values` to parameters 1, 2, … in order, after resetting the
    /// statement, and takes them: every element is `nil` afterwards, even when binding fails.
    /// There must be exactly `parameterCount` values.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) for a wrong count, or when a value cannot be bound.
    package func bind(takingPresentValues values: inout [SQLValue?]) throws {
        guard let handle else { throw closedError() }
        if hasStepped { rewind(handle) }
        // Each value is moved out and nil left behind, so nothing is copied and nothing is left to
        // empty; after a stop, the values not bound are emptied (and counted) here.
        let (count, failure) = values.withUnsafeMutableBufferPointer { buffer in
            let (bound, end, failure) = bindInOrder(handle, count: buffer.count) { buffer[$0].take() }
            var count = Int(bound)
            for position in end..<buffer.count where buffer[position].take() != nil { count += 1 }
            return (count, failure)
        }
        if let failure { throw failure }
        guard count == parameterCount else { throw parameterCountError(count) }
    }

    /// The value of column `column` of the current row of the statement `handle`, with the
    /// type SQLite stored (NULL when `handle` is `nil` or has no such column), through the
    /// engine's `functionTable`.
    @inlinable @inline(__always)
    package static func readValue(_ functions: UnsafePointer<SQLiteFunctions>, _ handle: OpaquePointer?, _ column: Int32) -> SQLValue {
        // One call to find the column's value, then cheap reads of it. The value is "unprotected"
        // in SQLite's terms, which is safe because a statement is used from one thread at a time.
        readValue(functions, functions.pointee.columnValue(handle, column))
    }

    /// The SQLite value `value` (a column's, or a function's argument) as a `SQLValue`, with the
    /// type SQLite stored, through the engine's `functionTable`.
    @inlinable @inline(__always)
    package static func readValue(_ functions: UnsafePointer<SQLiteFunctions>, _ value: OpaquePointer?) -> SQLValue {
        switch functions.pointee.valueType(value) {
        case SQLiteTypeCode.integer:
            return .long(functions.pointee.valueInt64(value))
        case SQLiteTypeCode.float:
            return .real(functions.pointee.valueDouble(value))
        case SQLiteTypeCode.null:
            return .null
        default:
            return readVariableLengthValue(functions, value)
        }
    }

    /// Text and blobs, which copy their bytes: out of line, to keep the caller's loop small.
    @usableFromInline
    static func readVariableLengthValue(_ functions: UnsafePointer<SQLiteFunctions>, _ value: OpaquePointer?) -> SQLValue {
        switch functions.pointee.valueType(value) {
        case SQLiteTypeCode.text:
            guard let text = functions.pointee.valueText(value) else { return .null }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: Int(functions.pointee.valueBytes(value))), as: UTF8.self))
        case SQLiteTypeCode.blob:
            let bytes = functions.pointee.valueBlob(value)
            let count = Int(functions.pointee.valueBytes(value))
            guard let bytes, count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }
}
