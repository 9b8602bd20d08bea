extension SQLCodable {
    /// The row the record encodes into, laid out as its table.
    ///
    /// - Throws: what `encode(row:)` throws, or `SQLError` (`SQLITE_MISUSE`) for a column the
    ///   table does not declare.
    public func encodedRow() throws -> SQLRow {
        try encodedRow(for: Self.table)
    }

    /// The record's primary-key values, in key order (`.null` for a key it leaves out).
    ///
    /// - Throws: as `encodedRow()`.
    public var primaryKeyValues: [SQLValue] {
        get throws {
            let row = try encodedRow()
            return Self.table.primaryKeyColumns.map { row[$0] ?? .null }
        }
    }

    /// Whether the record has not been given its key yet: every primary-key value is left out,
    /// NULL, or 0 in an INTEGER key (which `insert` lets the database assign). `nil` when the
    /// table has no primary key.
    ///
    /// - Throws: as `encodedRow()`.
    public var isNewInstance: Bool? {
        get throws {
            let keys = Self.table.primaryKeyColumns
            guard !keys.isEmpty else { return nil }
            let row = try encodedRow()
            return keys.allSatisfy { key in
                switch row[key] {
                case nil, .null?: return true
                case .long(0)?: return key.type == .long
                default: return false
                }
            }
        }
    }
}
