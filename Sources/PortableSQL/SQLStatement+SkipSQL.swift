import Foundation

// The parts of SkipSQL's statement API that PortableSQL's own reads do not cover, so that code
// written for SkipSQL compiles unchanged. PortableSQL's column reads take an `Int` index and
// throw when it is out of range; SkipSQL's take an `Int32` and answer 0, `nil` or `.null`
// instead. Both exist: an `Int32` index picks SkipSQL's reads below, anything else the checked
// ones (see "Coming from SkipSQL" in the README).
extension SQLStatement {
    /// Steps to the next row and returns its values, or `nil` when there is none; with `close`,
    /// closes the statement afterwards either way.
    ///
    /// - Throws: `SQLError` from SQLite, or when the statement is closed.
    public func nextValues(close: Bool) throws -> [SQLValue]? {
        defer { if close { self.close() } }
        guard try next() else { return nil }
        return try rowValues()
    }

    /// The current row's values as text (numbers converted as SQLite converts them); `nil` for
    /// NULL, and for every column when there is no current row.
    public func stringValues() -> [String?] {
        (0..<columnCount).map { (try? text(at: $0)) ?? nil }
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

    /// The integer in column `index` (0-based), as SkipSQL reads it: 0 for NULL, and when there
    /// is no such column or the statement is closed. Use `long(at:)` with an `Int` to be told.
    public func long(at index: Int32) -> Int64 {
        (try? long(at: Int(index))) ?? 0
    }

    /// The double in column `index` (0-based), as SkipSQL reads it: 0 for NULL, and when there
    /// is no such column or the statement is closed.
    public func real(at index: Int32) -> Double {
        (try? real(at: Int(index))) ?? 0
    }

    /// The text in column `index` (0-based), as SkipSQL reads it: `nil` for NULL, and when there
    /// is no such column or the statement is closed.
    public func text(at index: Int32) -> String? {
        (try? text(at: Int(index))) ?? nil
    }

    /// The bytes in column `index` (0-based), as SkipSQL reads it: `nil` for NULL, and when
    /// there is no such column or the statement is closed.
    public func blob(at index: Int32) -> Data? {
        (try? blob(at: Int(index))) ?? nil
    }

    /// The value in column `index` (0-based), as SkipSQL reads it: `.null` when there is no such
    /// column or the statement is closed.
    public func value(at index: Int32) -> SQLValue {
        (try? value(at: Int(index))) ?? .null
    }
}
