/// A row value that does not fit the record type being read (a `Codable` record, an
/// `@SQLRecord`, a typed selection): missing, NULL where a value is required, or of the wrong
/// kind. Records written as SkipSQL writes them, with `SQLColumn`'s `…Required` readers, throw
/// SkipSQL's `SQLBindingError` instead.
///
/// When the mapping layer decodes a record, it fills in `table`, so that the message names the
/// table, the column and the value.
public struct SQLDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The table of the record being read, when known.
    public var table: String?
    /// The column name.
    public let column: String
    /// The value found (`nil` when the row has no value for the column).
    public let value: SQLValue?
    /// What was expected instead.
    public let expected: String

    /// An error for `column`, which holds `value` where `expected` was needed.
    public init(table: String? = nil, column: SQLColumn, value: SQLValue?, expected: String) {
        self.table = table
        self.column = column.name
        self.value = value
        self.expected = expected
    }

    /// The error of a `…Required` reader: the column has no value in the row.
    @usableFromInline @inline(never)
    static func missing(_ column: String, expected: String) -> SQLDecodingError {
        SQLDecodingError(columnName: column, value: nil, expected: expected)
    }

    /// The error of a `…Required` reader: the column holds `value` (or NULL, or nothing).
    @usableFromInline @inline(never)
    static func wrong(_ column: String, value: SQLValue?, expected: String) -> SQLDecodingError {
        SQLDecodingError(columnName: column, value: value, expected: expected)
    }

    private init(columnName: String, value: SQLValue?, expected: String) {
        self.table = nil
        self.column = columnName
        self.value = value
        self.expected = expected
    }

    /// For example: `column "TXT" of table "DEMO_TABLE" holds NULL, expected text`.
    public var description: String {
        let place = table.map { "column \($0.quotedIdentifier).\(column.quotedIdentifier)" } ?? "column \(column.quotedIdentifier)"
        let found = value.map { "holds \($0.sqlLiteral)" } ?? "has no usable value"
        return "\(place) \(found), expected \(expected)"
    }
}
