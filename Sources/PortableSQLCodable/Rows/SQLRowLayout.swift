/// The columns a `SQLRow` holds values for, in order, with a table to find each by name.
///
/// A table's layout is made once, with the table, and shared by every row read from or written
/// to it, so finding a column costs one hash-slot probe and one name comparison.
@usableFromInline
final class SQLRowLayout: Sendable {
    /// The columns, in order.
    @usableFromInline let columns: [SQLColumn]
    /// The column names, in order.
    @usableFromInline let names: [String]
    /// Open addressing by `SQLColumn.nameHash`: positions into `columns`, -1 for an empty slot.
    @usableFromInline let slots: [Int]
    @usableFromInline let mask: Int
    /// The schema of the plain `Codable` record type whose table this is the layout of, set once
    /// when the schema is made (before it is shared): found from a row without a look-up.
    nonisolated(unsafe) var codableSchema: CodableRecordSchema?

    init(columns: [SQLColumn]) {
        self.columns = columns
        self.names = columns.map(\.name)
        var size = 4
        while size < columns.count * 2 { size *= 2 }
        var slots = Array(repeating: -1, count: size)
        for (position, column) in columns.enumerated() {
            var slot = column.nameHash & (size - 1)
            // A repeated name keeps its first position.
            while slots[slot] >= 0, columns[slots[slot]].name != column.name { slot = (slot + 1) & (size - 1) }
            if slots[slot] < 0 { slots[slot] = position }
        }
        self.slots = slots
        self.mask = size - 1
    }

    /// The layout of a row with no columns.
    static let empty = SQLRowLayout(columns: [])

    /// The position of the column named as `column` is, if the layout has it.
    @inlinable @inline(__always)
    func position(of column: SQLColumn) -> Int? {
        var slot = column.nameHash & mask
        while true {
            let position = slots[slot]
            if position < 0 { return nil }
            if names[position] == column.name { return position }
            slot = (slot + 1) & mask
        }
    }

    /// This layout with `column` added at the end.
    func appending(_ column: SQLColumn) -> SQLRowLayout {
        SQLRowLayout(columns: columns + [column])
    }
}
