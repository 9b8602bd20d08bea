extension SQLCodable {
    /// Reads an instance from `columns.count` columns of the statement's current row, starting at `offset`.
    ///
    /// - Throws: `SQLBindingError` naming the table, the column and the value, or what `init(row:context:)` throws.
    static func decode(_ statement: SQLStatement, columns: [SQLColumn], offset: Int, context: SQLContext, tableName: String) throws -> Self {
        var row = SQLRow(minimumCapacity: columns.count)
        for (position, column) in columns.enumerated() {
            row[column] = try statement.value(at: offset + position)
        }
        return try decode(row, context: context, tableName: tableName)
    }

    /// Reads an instance from `row`, naming `tableName` in a binding error.
    ///
    /// - Throws: `SQLBindingError` naming the table, or what `init(row:context:)` throws.
    static func decode(_ row: SQLRow, context: SQLContext, tableName: String) throws -> Self {
        do {
            return try Self(row: row, context: context)
        } catch var error as SQLBindingError {
            error.table = error.table ?? tableName
            throw error
        }
    }

    /// The instance's values, checked against the table's columns.
    ///
    /// - Throws: what `encode(row:)` throws; `SQLError` (`SQLITE_MISUSE`) for a column the table does not declare.
    func encodedRow(for table: SQLTable) throws -> SQLRow {
        var row = SQLRow(minimumCapacity: table.columns.count)
        try encode(row: &row)
        for column in row.keys where table.column(named: column.name) == nil {
            throw SQLError(code: .misuse, message: "\(Self.self) encoded column \(column.name), which table \(table.name) does not declare")
        }
        return row
    }
}
