/// Reads records of one type from a run of columns of a statement's rows, reusing one row
/// buffer: while `init(row:context:)` keeps no copy of the row, reading a record allocates nothing.
@usableFromInline
final class RecordReader<T: SQLCodable> {
    @usableFromInline let table: SQLTable
    @usableFromInline let offset: Int
    @usableFromInline let context: SQLContext
    /// Positions (within the table) of the columns that tell whether an outer join found a row.
    @usableFromInline let presence: [Int]
    @usableFromInline @exclusivity(unchecked) var row: SQLRow

    /// A reader of `T`'s columns, which start at column `offset` of each row.
    @usableFromInline
    init(offset: Int, context: SQLContext) {
        let table = T.table
        self.table = table
        self.offset = offset
        self.context = context
        let keys = table.columns.indices.filter { table.columns[$0].primaryKey }
        presence = keys.isEmpty ? Array(table.columns.indices) : keys
        row = SQLRow(layout: table.layout)
    }

    /// The record in the statement's current row.
    ///
    /// - Throws: `SQLBindingError` naming the table, the column and the value, or what
    ///   `init(row:context:)` throws.
    @inlinable
    func read(_ statement: SQLStatement) throws -> T {
        try row.values.withUnsafeMutableBufferPointer { values in
            try statement.readValues(from: offset, into: values)
        }
        return try T.decode(row, context: context, tableName: table.name)
    }

    /// The record in the statement's current row, or `nil` when an outer join matched none (its
    /// key columns, or all its columns for a table without a key, are NULL).
    ///
    /// - Throws: as `read(_:)`.
    @inlinable
    func readIfPresent(_ statement: SQLStatement) throws -> T? {
        for position in presence where try !statement.isNull(at: offset + position) {
            return try read(statement)
        }
        return nil
    }
}

extension SQLCodable {
    /// Reads an instance from `row`, naming `tableName` in a binding error.
    ///
    /// - Throws: `SQLBindingError` naming the table, or what `init(row:context:)` throws.
    @inlinable
    static func decode(_ row: SQLRow, context: SQLContext, tableName: String) throws -> Self {
        do {
            return try Self(row: row, context: context)
        } catch var error as SQLBindingError {
            error.table = error.table ?? tableName
            throw error
        }
    }

    /// The instance's values, in a row with the table's layout.
    ///
    /// - Throws: what `encode(row:)` throws; `SQLError` (`SQLITE_MISUSE`) for a column the table does not declare.
    func encodedRow(for table: SQLTable) throws -> SQLRow {
        var row = SQLRow(layout: table.layout)
        try encode(row: &row)
        guard row.layout === table.layout else {
            let extra = row.layout.names.dropFirst(table.columns.count).joined(separator: ", ")
            throw SQLError(code: .misuse, message: "\(Self.self) encoded column \(extra), which table \(table.name) does not declare")
        }
        return row
    }
}
