import Foundation

/// Typed reads of a column's value from a `SQLRow`, for `SQLCodable.init(row:context:)`.
///
/// The plain readers return `nil` for a missing value, NULL, or a value of another kind. The
/// `…Required` readers throw `SQLBindingError.nullColumn` in those cases, as SkipSQL's do.
extension SQLColumn {
    /// The integer value; a real with an integral value is accepted too.
    @inlinable @inline(__always)
    public func longValue(in row: SQLRow) -> Int64? {
        ColumnConversion.long(row[self])
    }

    /// The integer value.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not an integer.
    @inlinable @inline(__always)
    public func longValueRequired(in row: SQLRow) throws -> Int64 {
        // Matched in place; the error path needs only the name, so the column is not copied.
        guard let position = row.layout.position(of: self) else {
            throw SQLBindingError.nullColumn(self)
        }
        let stored = row.value(at: position)
        guard let value = ColumnConversion.long(stored) else { throw SQLBindingError.nullColumn(self) }
        return value
    }

    /// The numeric value as a double (integers are widened).
    @inlinable @inline(__always)
    public func realValue(in row: SQLRow) -> Double? {
        ColumnConversion.real(row[self])
    }

    /// The numeric value as a double.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not a number.
    @inlinable @inline(__always)
    public func realValueRequired(in row: SQLRow) throws -> Double {
        guard let position = row.layout.position(of: self) else { throw SQLBindingError.nullColumn(self) }
        let stored = row.value(at: position)
        guard let value = ColumnConversion.real(stored) else { throw SQLBindingError.nullColumn(self) }
        return value
    }

    /// The text value.
    @inlinable
    public func textValue(in row: SQLRow) -> String? {
        ColumnConversion.text(row[self])
    }

    /// The text value.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not text.
    @inlinable
    public func textValueRequired(in row: SQLRow) throws -> String {
        guard let position = row.layout.position(of: self) else { throw SQLBindingError.nullColumn(self) }
        let stored = row.value(at: position)
        guard let value = ColumnConversion.text(stored) else { throw SQLBindingError.nullColumn(self) }
        return value
    }

    /// The blob value.
    @inlinable
    public func blobValue(in row: SQLRow) -> Data? {
        ColumnConversion.blob(row[self])
    }

    /// The blob value.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not a blob.
    @inlinable
    public func blobValueRequired(in row: SQLRow) throws -> Data {
        guard let position = row.layout.position(of: self) else { throw SQLBindingError.nullColumn(self) }
        let stored = row.value(at: position)
        guard let value = ColumnConversion.blob(stored) else { throw SQLBindingError.nullColumn(self) }
        return value
    }

    /// The value as a date: ISO-8601 text (`2024-05-01T12:30:00Z`, with or without fractional
    /// seconds, or SQLite's `2024-05-01 12:30:00`, read as UTC), or a number of seconds since 1970
    /// (also as text, which is how a TEXT column stores a number).
    public func dateValue(in row: SQLRow) -> Date? {
        row[self].flatMap(Date.init(sqlValue:))
    }

    /// The value as a date.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or neither a date text nor a number.
    public func dateValueRequired(in row: SQLRow) throws -> Date {
        guard let value = dateValue(in: row) else {
            throw SQLBindingError.nullColumn(self)
        }
        return value
    }
}
