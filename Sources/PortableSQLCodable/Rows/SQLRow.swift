/// The values of one row, by column: what `SQLCodable` types read from and write to.
///
/// It behaves like a `[SQLColumn: SQLValue]` dictionary — `row[column]` reads a value or `nil`,
/// `row[column] = value` writes one, `row[column] = nil` removes it, and dictionary literals
/// work — but rows of a table share the table's column layout, so that finding a value costs no
/// hashing of names.
///
/// The row handed to `init(row:context:)` reads each value from the statement when asked, so
/// decoding a record copies nothing it does not read. Keeping a copy of that row is fine: the
/// copy keeps the values it had. A row is not `Sendable`: read it on the context's thread, and
/// send the record or the values instead.
public struct SQLRow: ExpressibleByDictionaryLiteral, Sequence, Equatable, CustomStringConvertible {
    @usableFromInline var layout: SQLRowLayout
    /// The values, by position in `layout`, of a row that holds its own (`source` is `nil`).
    @usableFromInline var storage: [SQLValue?]
    /// Where a row read from a statement finds its values.
    @usableFromInline var source: SQLRowSource?

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
        self.init(layout: layout, storage: Array(repeating: nil, count: layout.columns.count))
    }

    /// A row of `layout` holding `storage`, one value or `nil` per column of the layout.
    @usableFromInline
    init(layout: SQLRowLayout, storage: [SQLValue?]) {
        self.layout = layout
        self.storage = storage
        self.source = nil
    }

    /// A row that reads its values from `source`.
    @usableFromInline
    init(source: SQLRowSource) {
        self.layout = source.layout
        self.storage = []
        self.source = source
    }

    /// The value of `column`; `nil` when the row has none. Setting `nil` removes it.
    public subscript(column: SQLColumn) -> SQLValue? {
        @inlinable @inline(__always) get {
            guard let position = layout.position(of: column) else { return nil }
            return value(at: position)
        }
        @inlinable @inline(__always) set {
            detach()
            if let position = layout.position(of: column) {
                store(newValue, at: position)
            } else if let newValue {
                append(column, newValue)
            }
        }
    }

    /// The value at `position` of the layout.
    @inlinable @inline(__always)
    func value(at position: Int) -> SQLValue? {
        // Optional chaining borrows the source; `if let` would retain it.
        if let value = source?.value(at: position) { return value }
        return storage[position]
    }

    /// Every value (or `nil`), by position in the layout.
    var values: [SQLValue?] {
        source.map { $0.values } ?? storage
    }

    /// Puts `value` at `position` of a row that holds its own values.
    @inlinable @inline(__always)
    mutating func store(_ value: SQLValue?, at position: Int) {
        storage.withUnsafeMutableBufferPointer { values in
            precondition(position >= 0 && position < values.count, "a position outside the row")
            let slot = values.baseAddress.unsafelyUnwrapped + position
            // An encoding writes into nils (the buffer `insert` hands out): then there is no old
            // value to destroy, which an assignment would do out of line for each column.
            if case .none = slot.pointee {
                slot.initialize(to: value)
            } else {
                slot.pointee = value
            }
        }
    }

    /// Makes a row read from a statement hold its own values, before it changes.
    @inlinable @inline(__always)
    mutating func detach() {
        if source != nil { copyValuesFromSource() }
    }

    @usableFromInline
    mutating func copyValuesFromSource() {
        storage = values
        source = nil
    }

    /// Adds a column the layout does not have, with its value.
    @usableFromInline
    mutating func append(_ column: SQLColumn, _ value: SQLValue) {
        layout = layout.appending(column)
        storage.append(value)
    }

    /// Makes a row `type` encoded for `table` hold its own values in the table's layout (a row
    /// assigned from elsewhere, such as a dictionary literal, is rearranged).
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) naming the columns the table does not declare.
    @inline(__always)
    mutating func conform(encodedBy type: Any.Type, to table: SQLTable) throws {
        // The usual case, a row encoded into the table's own layout, costs two comparisons.
        if source == nil, layout === table.layout { return }
        try rearrange(encodedBy: type, to: table)
    }

    private mutating func rearrange(encodedBy type: Any.Type, to table: SQLTable) throws {
        detach()
        guard layout !== table.layout else { return }
        let undeclared = layout.columns.filter { table.layout.position(of: $0) == nil }
        guard undeclared.isEmpty else {
            let names = undeclared.map(\.name).joined(separator: ", ")
            throw SQLError(code: .misuse, message: "\(type) encoded column \(names), which table \(table.name) does not declare")
        }
        var values = [SQLValue?](repeating: nil, count: table.columns.count)
        for (column, value) in zip(layout.columns, storage) {
            if let position = table.layout.position(of: column) { values[position] = value }
        }
        self = SQLRow(layout: table.layout, storage: values)
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
        "[" + map { "\"\($0.column.name)\": \($0.value.sqlLiteral)" }.joined(separator: ", ") + "]"
    }
}
