import Foundation

/// Typed reads of a column's value from a `SQLRow`, for `SQLCodable.init(row:context:)`, through
/// the conversions `SQLTable`'s readers by position make too (`ColumnConversion`).
///
/// The plain readers return `nil` for a missing value, NULL, or a value of another kind (an
/// integer is no real, a real no integer). The `…Required` readers throw
/// `SQLBindingError.nullColumn` in those cases. Both read as SkipSQL's readers do.
/// (Plain `Codable` records read numbers of either kind: see <doc:CodableRecords>.)
extension SQLColumn {
    /// The integer value.
    @inlinable @inline(__always)
    public func longValue(in row: SQLRow) -> Int64? { LongConversion.convert(row[self]) }

    /// The integer value.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not an integer.
    @inlinable @inline(__always)
    public func longValueRequired(in row: SQLRow) throws -> Int64 { try required(longValue(in: row)) }

    /// The real value.
    @inlinable @inline(__always)
    public func realValue(in row: SQLRow) -> Double? { RealConversion.convert(row[self]) }

    /// The real value.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not a real.
    @inlinable @inline(__always)
    public func realValueRequired(in row: SQLRow) throws -> Double { try required(realValue(in: row)) }

    /// The text value.
    @inlinable
    public func textValue(in row: SQLRow) -> String? { TextConversion.convert(row[self]) }

    /// The text value.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not text.
    @inlinable
    public func textValueRequired(in row: SQLRow) throws -> String { try required(textValue(in: row)) }

    /// The blob value.
    @inlinable
    public func blobValue(in row: SQLRow) -> Data? { BlobConversion.convert(row[self]) }

    /// The blob value.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when the value is missing, NULL, or not a blob.
    @inlinable
    public func blobValueRequired(in row: SQLRow) throws -> Data { try required(blobValue(in: row)) }

    /// The value as a date, read by the column's declared type as SkipSQL reads it: for a
    /// `.real` column, a real as seconds since 1970; for a `.text` column, ISO-8601 text
    /// (`2024-05-01T12:30:00Z`, or SQLite's `2024-05-01 12:30:00` read as UTC, fractional
    /// seconds dropped); `nil` for any other value or column type.
    public func dateValue(in row: SQLRow) -> Date? {
        switch type {
        case .real: return realValue(in: row).map(Date.init(timeIntervalSince1970:))
        case .text: return textValue(in: row).flatMap(SQLDateText.date)
        default: return nil
        }
    }

    /// The value as a date.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when `dateValue(in:)` gives `nil`.
    public func dateValueRequired(in row: SQLRow) throws -> Date { try required(dateValue(in: row)) }

    /// `value`, which one of this column's readers gave.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when it is `nil`.
    @inlinable @inline(__always)
    func required<Value>(_ value: Value?) throws -> Value {
        guard let value else { throw SQLBindingError.nullColumn(self) }
        return value
    }
}
