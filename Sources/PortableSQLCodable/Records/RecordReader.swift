/// Reads records of one type from a run of columns of a statement's rows. The row it hands to
/// `init(row:context:)` reads each value from the statement when asked, so reading a record
/// copies and allocates nothing beyond what the initializer does.
@usableFromInline
final class RecordReader<T: SQLCodable> {
    @usableFromInline let tableName: String
    @usableFromInline let statement: SQLStatement
    @usableFromInline let offset: Int
    @usableFromInline let context: SQLContext
    /// Positions (within the table) of the columns that tell whether an outer join found a row.
    @usableFromInline let presence: [Int]
    /// The row handed to `init(row:context:)`. Kept in memory of its own so that it is lent to
    /// the initializer as it is: a stored property would be copied (retained) for each record.
    @usableFromInline let row: UnsafeMutablePointer<SQLRow>

    /// A reader of `T`'s columns, which start at column `offset` of each row of `statement`.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) when the statement has too few columns.
    @usableFromInline
    init(statement: SQLStatement, offset: Int, context: SQLContext) throws {
        let table = T.table
        guard offset >= 0, offset + table.columns.count <= statement.columnCount else {
            throw SQLError(code: .range, message: "\(table.name) needs \(table.columns.count) column(s) from column \(offset); the statement has \(statement.columnCount)")
        }
        tableName = table.name
        self.statement = statement
        self.offset = offset
        self.context = context
        let keys = table.columns.indices.filter { table.columns[$0].primaryKey }
        presence = keys.isEmpty ? Array(table.columns.indices) : keys
        row = .allocate(capacity: 1)
        row.initialize(to: SQLRow(source: SQLRowSource(layout: table.layout, statement: statement, offset: offset)))
    }

    deinit {
        row.deinitialize(count: 1)
        row.deallocate()
    }

    /// The record in the statement's current row.
    ///
    /// - Throws: `SQLDecodingError` naming the table, the column and the value, or what
    ///   `init(row:context:)` throws.
    @inlinable
    func read() throws -> T {
        let record: T
        do {
            record = try T.decode(row.pointee, context: context, tableName: tableName)
        } catch {
            keepValuesOfEscapedRow()
            throw error
        }
        keepValuesOfEscapedRow()
        return record
    }

    /// The record in the statement's current row, or `nil` when an outer join matched none (its
    /// key columns, or all its columns for a table without a key, are NULL).
    ///
    /// - Throws: as `read()`.
    @inlinable
    func readIfPresent() throws -> T? {
        for position in presence where !statement.isNull(at: offset + position) {
            return try read()
        }
        return nil
    }

    /// When the initializer kept a copy of the row, gives that copy the current values and
    /// reads the next rows through a new source.
    @inlinable @inline(__always)
    func keepValuesOfEscapedRow() {
        if !isKnownUniquelyReferenced(&row.pointee.source) { replaceSource() }
    }

    @usableFromInline
    func replaceSource() {
        guard let source = row.pointee.source else { return }
        source.takeSnapshot()
        row.pointee = SQLRow(source: SQLRowSource(layout: source.layout, statement: statement, offset: offset))
    }
}

extension SQLCodable {
    /// Reads an instance from `row`, naming `tableName` in a binding error.
    ///
    /// - Throws: `SQLDecodingError` naming the table, or what `init(row:context:)` throws.
    @inlinable
    static func decode(_ row: SQLRow, context: SQLContext, tableName: String) throws -> Self {
        do {
            return try Self(row: row, context: context)
        } catch var error as SQLDecodingError {
            error.table = error.table ?? tableName
            throw error
        }
    }

    /// The instance in the current row of `statement`, whose columns are the table's, in
    /// order; read before the statement moves on, even when the initializer keeps the row.
    ///
    /// - Throws: as `decode(_:context:tableName:)`.
    static func readOne(from statement: SQLStatement, context: SQLContext, tableName: String) throws -> Self {
        var row = SQLRow(source: SQLRowSource(layout: table.layout, statement: statement, offset: 0))
        defer { if !isKnownUniquelyReferenced(&row.source) { row.source?.takeSnapshot() } }
        return try decode(row, context: context, tableName: tableName)
    }

    /// The instance's values, in a row with the table's layout.
    ///
    /// - Throws: what `encode(row:)` throws; `SQLError` (`SQLITE_MISUSE`) for a column the table does not declare.
    func encodedRow(for table: SQLTable) throws -> SQLRow {
        var row = SQLRow(layout: table.layout)
        try encode(row: &row)
        try row.conform(encodedBy: Self.self, to: table)
        return row
    }
}
