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
        // The usual case inline, without a loop: the slot the name's hash picks holds the
        // column, or nothing. A collision is probed out of line. The reads are unchecked: the
        // mask keeps the slot within `slots`, and a slot holds -1 or a position of `names`.
        let slot = column.nameHash & mask
        let position = slots.withUnsafeBufferPointer { $0[slot] }
        if position < 0 { return nil }
        if names.withUnsafeBufferPointer({ $0[position] == column.name }) { return position }
        return self.position(of: column, after: slot)
    }

    /// The position of the column named as `column` is, looking from the slot after `slot`.
    @usableFromInline
    func position(of column: SQLColumn, after slot: Int) -> Int? {
        var slot = (slot + 1) & mask
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
