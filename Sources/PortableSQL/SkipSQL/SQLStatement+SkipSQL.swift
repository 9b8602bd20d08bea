import Foundation

// The parts of SkipSQL's statement API that PortableSQL's own do not cover, so that code written
// for SkipSQL compiles unchanged: SkipSQL's reads and binds take an `Int32` index, PortableSQL's
// an `Int`, with the same results.
extension SQLStatement {
    /// Steps to the next row and returns its values, or `nil` when there is none; with `close`,
    /// closes the statement afterwards either way.
    ///
    /// - Throws: `SQLError` from SQLite, or when the statement is closed.
    public func nextValues(close: Bool) throws -> [SQLValue]? {
        defer { if close { finalize() } }
        guard try next() else { return nil }
        return rowValues()
    }

    /// The current row's values as text (numbers converted as SQLite converts them); `nil` for
    /// NULL, and for every column when there is no current row.
    public func stringValues() -> [String?] {
        (0..<columnCount).map { text(at: $0) }
    }

    /// The kind of value in column `index` (0-based) of the current row; `.null` for NULL, and
    /// when there is no such column, no current row or the statement is closed.
    public func type(at index: Int) -> SQLType {
        guard let handle, index >= 0, index < columnCount else { return .null }
        return SQLType(columnTypeCode: engine.functions.columnType(handle, Int32(index)))
    }

    /// The declared types of the result columns (`"INTEGER"`, `"TEXT"`, …), as in `CREATE
    /// TABLE`; `""` for a column that is an expression or has no declared type.
    public var columnTypes: [String] {
        guard let handle else { return [] }
        return (0..<Int32(columnCount)).map { column in
            engine.functions.columnDecltype(handle, column).map { String(cString: $0) } ?? ""
        }
    }

    /// The names of the parameters, in order, with their prefix (`:name`, `@name`, `$name`,
    /// `?2`); `nil` for a plain `?`.
    public var parameterNames: [String?] {
        guard let handle, parameterCount > 0 else { return [] }
        return (1...Int32(parameterCount)).map { index in
            engine.functions.bindParameterName(handle, index).map { String(cString: $0) }
        }
    }

    /// The integer in column `index` (0-based); see `long(at:)` with an `Int` index.
    public func long(at index: Int32) -> Int64 {
        long(at: Int(index))
    }

    /// The double in column `index` (0-based); see `real(at:)` with an `Int` index.
    public func real(at index: Int32) -> Double {
        real(at: Int(index))
    }

    /// The text in column `index` (0-based); see `text(at:)` with an `Int` index.
    public func text(at index: Int32) -> String? {
        text(at: Int(index))
    }

    /// The bytes in column `index` (0-based); see `blob(at:)` with an `Int` index.
    public func blob(at index: Int32) -> Data? {
        blob(at: Int(index))
    }

    /// The value in column `index` (0-based); see `value(at:)` with an `Int` index.
    public func value(at index: Int32) -> SQLValue {
        value(at: Int(index))
    }

    /// The kind of value in column `index` (0-based); see `type(at:)` with an `Int` index.
    public func type(at index: Int32) -> SQLType {
        type(at: Int(index))
    }

    /// Binds `value` to the parameter at `index` (**1-based**); see `bind(_:at:)` with an `Int` index.
    ///
    /// - Throws: as `bind(_:at:)`.
    public func bind(_ value: SQLValue, at index: Int32) throws {
        try bind(value, at: Int(index))
    }

    /// SkipSQL's former name of `long(at:)`.
    @available(*, deprecated, renamed: "long(at:)")
    public func integer(at index: Int32) -> Int64 {
        long(at: Int(index))
    }

    /// SkipSQL's former name of `real(at:)`.
    @available(*, deprecated, renamed: "real(at:)")
    public func double(at index: Int32) -> Double {
        real(at: Int(index))
    }

    /// SkipSQL's former name of `text(at:)`.
    @available(*, deprecated, renamed: "text(at:)")
    public func string(at index: Int32) -> String? {
        text(at: Int(index))
    }
}
