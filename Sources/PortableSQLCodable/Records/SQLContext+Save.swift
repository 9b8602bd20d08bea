extension SQLContext {
    /// Saves `record`: updates the row with its primary key, or inserts it when there is none (an
    /// upsert), and returns the record as stored, with the key the database assigned to a new one.
    /// SQLite 3.24 or later runs SkipSQL's `INSERT … ON CONFLICT(key) DO UPDATE`; older engines
    /// (Debian's SQLCipher 3) an UPDATE and, when it changed nothing, an INSERT, in one savepoint.
    /// Neither deletes a row, so foreign keys that cascade are not triggered. SkipSQL code spells
    /// it `insert(_:inSchema:upsert:)` with `upsert: true`.
    ///
    /// - Throws: as `insert(_:inSchema:)` and `update(_:inSchema:)`.
    @discardableResult
    public func save<T: SQLCodable>(_ record: T, inSchema schema: String? = nil) throws -> T {
        let table = T.table
        guard !table.primaryKeyColumns.isEmpty else { return try insert(record, inSchema: schema) }
        guard supports(.upsert) else {
            return try transaction {
                try update(record, inSchema: schema)
                return changes > 0 ? record : try insert(record, inSchema: schema)
            }
        }
        var row = try record.encodedRow(for: table)
        let autoKey = table.rowIDKeyPosition.map { position in
            row.storage[position] == nil || row.storage[position] == .null || (table.columns[position].autoincrement && row.storage[position] == .long(0))
        } ?? false
        if autoKey, let position = table.rowIDKeyPosition { row.storage[position] = nil }
        let columns = zip(table.columns, row.storage).compactMap { $0.1 == nil || $0.1 == .null ? nil : $0.0 }
        let insertSQL = Self.insertStatement(table, columns: columns, schema: schema)
        let keys = table.primaryKeyColumns.map(\.quotedIdentifier).joined(separator: ", ")
        let updates = columns.map { "\($0.quotedIdentifier) = \($0.quotedName(alias: "EXCLUDED"))" }.joined(separator: ", ")
        let conflict = updates.isEmpty ? " ON CONFLICT(\(keys)) DO NOTHING" : " ON CONFLICT(\(keys)) DO UPDATE SET \(updates)"
        try creatingRecordTables([table], inSchema: schema) {
            try exec(sql: insertSQL + conflict, parameters: columns.map { row[$0] ?? .null })
        }
        guard autoKey, let position = table.rowIDKeyPosition else { return record }
        row.storage[position] = .long(lastInsertRowID)
        return try T.decode(row, context: self, tableName: table.name)
    }

    /// Saves every record in one transaction: all or nothing. Returns them as stored.
    ///
    /// - Throws: as `save(_:inSchema:)`; after a failure none is saved.
    @discardableResult
    public func save<T: SQLCodable>(_ records: [T], inSchema schema: String? = nil) throws -> [T] {
        guard !records.isEmpty else { return [] }
        return try transaction {
            try records.map { try save($0, inSchema: schema) }
        }
    }
}
