/// SkipSQL's error of a row that does not fit a record: thrown by `SQLColumn`'s `…Required`
/// readers and `checkNonNull`, as in SkipSQL. (Records read through `Codable` or `@SQLRecord`
/// throw `SQLDecodingError`, which also names the table and the value found.)
public enum SQLBindingError: Error, CustomStringConvertible {
    /// The row has no such column.
    case unknownColumn(SQLColumn)
    /// The column is NULL, missing from the row, or holds a value of another kind than the
    /// reader's (as SkipSQL's readers see it: their optional reader gave `nil`).
    case nullColumn(SQLColumn)
    /// As many columns as values were expected: the two counts.
    case columnValuesMismatch(Int, Int)
    /// The table (named) has no primary key, which the operation needs.
    case noPrimaryKeys(String)

    /// `value` unwrapped (SkipSQL's spelling).
    ///
    /// - Throws: `SQLBindingError.nullColumn(column)` when `value` is `nil` (for example, text
    ///   that is not a valid UUID).
    public static func checkNonNull<T>(_ value: T?, _ column: SQLColumn) throws -> T {
        guard let value else { throw nullColumn(column) }
        return value
    }

    /// `value` unwrapped (the spelling of SkipSQL's README).
    ///
    /// - Throws: `SQLBindingError.nullColumn(column)` when `value` is `nil`.
    public static func checkNonNull<T>(_ value: T?, in column: SQLColumn) throws -> T {
        try checkNonNull(value, column)
    }

    /// For example: `column "TXT" is NULL, missing, or not of the kind read`.
    public var description: String {
        switch self {
        case .unknownColumn(let column): "no column \(column.quotedName())"
        case .nullColumn(let column): "column \(column.quotedName()) is NULL, missing, or not of the kind read"
        case .columnValuesMismatch(let columns, let values): "\(columns) columns but \(values) values"
        case .noPrimaryKeys(let table): "table \(table) has no primary key"
        }
    }
}
