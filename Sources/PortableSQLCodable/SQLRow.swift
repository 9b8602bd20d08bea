/// The values of one row, by column: what `SQLCodable` types read from and write to.
///
/// It behaves like a `[SQLColumn: SQLValue]` dictionary — `row[column]` reads a value or `nil`,
/// `row[column] = value` writes one, `row[column] = nil` removes it, and dictionary literals
/// work — but rows of a table share the table's column layout, so that finding a value costs no
/// hashing of names and reading a record allocates at most one small array.
public struct SQLRow: Sendable, ExpressibleByDictionaryLiteral, Sequence, Equatable, CustomStringConvertible {
    @usableFromInline var layout: SQLRowLayout
    @usableFromInline var values: [SQLValue?]

    /// An empty row.
    public init() {
        self.init(layout: .empty)
    }

    /// A row holding the given values.
    public init(dictionaryLiteral elements: (SQLColumn, SQLValue)...) {
        self.init()
        for (column, value) in elements { self[column] = value }
    }

    /// An empty row with room for the columns of `layout`.
    @usableFromInline
    init(layout: SQLRowLayout) {
        self.layout = layout
        self.values = Array(repeating: nil, count: layout.columns.count)
    }

    /// The value of `column`; `nil` when the row has none. Setting `nil` removes it.
    public subscript(column: SQLColumn) -> SQLValue? {
        @inlinable @inline(__always) get {
            guard let position = layout.position(of: column) else { return nil }
            return values[position]
        }
        @inlinable @inline(__always) set {
            if let position = layout.position(of: column) {
                values[position] = newValue
            } else if let newValue {
                append(column, newValue)
            }
        }
    }

    /// Adds a column the layout does not have, with its value.
    @usableFromInline
    mutating func append(_ column: SQLColumn, _ value: SQLValue) {
        layout = layout.appending(column)
        values.append(value)
    }

    /// A bit for each position that has a value (for rows of up to `Int.bitWidth` columns).
    var presenceMask: Int {
        values.withUnsafeBufferPointer { values in
            var mask = 0
            for position in values.indices {
                if case .some = values[position] { mask |= 1 << position }
            }
            return mask
        }
    }

    /// The columns that have a value, in order.
    public var columns: [SQLColumn] {
        zip(layout.columns, values).compactMap { $0.1 == nil ? nil : $0.0 }
    }

    /// How many columns have a value.
    public var count: Int {
        values.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
    }

    /// Whether no column has a value.
    public var isEmpty: Bool { count == 0 }

    /// The columns and their values, in column order.
    public func makeIterator() -> some IteratorProtocol<(column: SQLColumn, value: SQLValue)> {
        zip(layout.columns, values).lazy.compactMap { column, value in value.map { (column: column, value: $0) } }.makeIterator()
    }

    /// Rows are equal when they hold the same values for the same column names, in any order.
    public static func == (lhs: SQLRow, rhs: SQLRow) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.allSatisfy { column, value in rhs[column] == value }
    }

    /// For example `["ID": 1, "NAME": 'Ada']`.
    public var description: String {
        "[" + map { "\"\($0.column.name)\": \($0.value)" }.joined(separator: ", ") + "]"
    }
}
