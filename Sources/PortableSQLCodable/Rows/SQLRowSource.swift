import PortableSQL

/// The current row of a statement, read in place by the `SQLRow` a record reader hands to
/// `init(row:context:)`, so that decoding a record copies only the values it reads.
///
/// Its reader owns it. When a row still refers to it after the initializer returns (the
/// initializer kept a copy of the row), the reader turns it into a snapshot of the row's values
/// before the statement moves on, so that the copy keeps what it saw.
@usableFromInline
final class SQLRowSource {
    @usableFromInline let layout: SQLRowLayout
    // Constants, so that reading a value retains nothing. The statement keeps its engine, and
    // so the function table, alive.
    @usableFromInline let statement: SQLStatement
    @usableFromInline let functions: UnsafePointer<SQLiteFunctions>
    /// The statement's column that holds the layout's first column.
    @usableFromInline let offset: Int
    /// Whether the values come from `snapshot` rather than from the statement.
    @usableFromInline @exclusivity(unchecked) var isSnapshot = false
    /// The values, by position, once the source is a snapshot.
    @usableFromInline @exclusivity(unchecked) var snapshot: [SQLValue] = []
    /// The decoder of the plain `Codable` record whose table the layout is, if it is one's.
    let recordDecoder: RecordRowDecoder?

    /// A source reading the layout's columns from the statement's columns `offset`, `offset + 1`, ….
    init(layout: SQLRowLayout, statement: SQLStatement, offset: Int) {
        self.layout = layout
        self.statement = statement
        self.functions = statement.engine.functionTable
        self.offset = offset
        recordDecoder = layout.codableSchema.map { RecordRowDecoder(schema: $0, statement: statement, offset: offset) }
    }

    /// The value at `position` of the layout.
    @inlinable @inline(__always)
    func value(at position: Int) -> SQLValue {
        if isSnapshot { return snapshot[position] }
        // A statement closed under the row (its context closed inside the initializer) has no
        // handle, and reads NULL.
        return SQLStatement.readValue(functions, statement.currentHandle, Int32(truncatingIfNeeded: offset + position))
    }

    /// Every value, by position.
    var values: [SQLValue] {
        layout.columns.indices.map(value(at:))
    }

    /// Stops reading from the statement: keeps the current values instead.
    @usableFromInline
    func takeSnapshot() {
        snapshot = values
        isSnapshot = true
    }
}
