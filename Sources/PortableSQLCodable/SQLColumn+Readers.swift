import Foundation

/// Typed reads of a column's value from a `SQLRow`, for `SQLCodable.init(row:context:)`.
///
/// The plain readers return `nil` for a missing value, NULL, or a value of another kind. The
/// `…Required` readers throw `SQLBindingError` in those cases, naming the column and the value.
extension SQLColumn {
    /// The integer value; a real with an integral value is accepted too.
    @inlinable @inline(__always)
    public func longValue(in row: SQLRow) -> Int64? {
        switch row[self] {
        case .long(let value): return value
        case .real(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// The integer value.
    ///
    /// - Throws: `SQLBindingError` when the value is missing, NULL, or not an integer.
    @inlinable @inline(__always)
    public func longValueRequired(in row: SQLRow) throws -> Int64 {
        guard let value = longValue(in: row) else { throw bindingError(row, expected: "an integer") }
        return value
    }

    /// The numeric value as a double (integers are widened).
    @inlinable @inline(__always)
    public func realValue(in row: SQLRow) -> Double? {
        row[self]?.realValue
    }

    /// The numeric value as a double.
    ///
    /// - Throws: `SQLBindingError` when the value is missing, NULL, or not a number.
    @inlinable @inline(__always)
    public func realValueRequired(in row: SQLRow) throws -> Double {
        guard let value = realValue(in: row) else { throw bindingError(row, expected: "a number") }
        return value
    }

    /// The text value.
    @inlinable
    public func textValue(in row: SQLRow) -> String? {
        row[self]?.textValue
    }

    /// The text value.
    ///
    /// - Throws: `SQLBindingError` when the value is missing, NULL, or not text.
    @inlinable
    public func textValueRequired(in row: SQLRow) throws -> String {
        guard let value = textValue(in: row) else { throw bindingError(row, expected: "text") }
        return value
    }

    /// The blob value.
    @inlinable
    public func blobValue(in row: SQLRow) -> Data? {
        row[self]?.blobValue
    }

    /// The blob value.
    ///
    /// - Throws: `SQLBindingError` when the value is missing, NULL, or not a blob.
    @inlinable
    public func blobValueRequired(in row: SQLRow) throws -> Data {
        guard let value = blobValue(in: row) else { throw bindingError(row, expected: "a blob") }
        return value
    }

    /// The value as a date: ISO-8601 text (`2024-05-01T12:30:00Z`, with or without fractional
    /// seconds, or SQLite's `2024-05-01 12:30:00`, read as UTC), or a number of seconds since 1970
    /// (also as text, which is how a TEXT column stores a number).
    public func dateValue(in row: SQLRow) -> Date? {
        switch row[self] {
        case .real(let seconds): return Date(timeIntervalSince1970: seconds)
        case .long(let seconds): return Date(timeIntervalSince1970: Double(seconds))
        case .text(let text): return Self.parseDate(text) ?? Double(text).map(Date.init(timeIntervalSince1970:))
        default: return nil
        }
    }

    /// The value as a date.
    ///
    /// - Throws: `SQLBindingError` when the value is missing, NULL, or neither a date text nor a number.
    public func dateValueRequired(in row: SQLRow) throws -> Date {
        guard let value = dateValue(in: row) else {
            throw SQLBindingError(column: self, value: row[self], expected: "an ISO-8601 date or seconds since 1970")
        }
        return value
    }

    /// The error of a `…Required` reader, made out of line so that the readers stay small.
    @usableFromInline @inline(never)
    func bindingError(_ row: SQLRow, expected: String) -> SQLBindingError {
        SQLBindingError(column: self, value: row[self], expected: expected)
    }

    private static func parseDate(_ text: String) -> Date? {
        let plain = Date.ISO8601FormatStyle()
        if let date = try? plain.parse(text) { return date }
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        if let date = try? fractional.parse(text) { return date }
        // SQLite's own format: a space instead of T, and no zone (UTC).
        guard text.count >= 19 else { return nil }
        var iso = text.replacingOccurrences(of: " ", with: "T")
        if !iso.hasSuffix("Z"), !iso.dropFirst(19).contains(where: { $0 == "+" || $0 == "-" }) { iso += "Z" }
        return (try? plain.parse(iso)) ?? (try? fractional.parse(iso))
    }
}
