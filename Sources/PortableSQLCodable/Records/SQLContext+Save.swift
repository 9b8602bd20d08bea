extension SQLContext {
    /// Saves `record`: updates the row with its primary key, or inserts it when there is none
    /// (EasyDB's and GRDB's name for `upsert(_:inSchema:)`, which it runs). Returns the record as
    /// stored, with the key the database assigned to a new one.
    ///
    /// - Throws: as `upsert(_:inSchema:)`.
    @discardableResult
    public func save<T: SQLCodable>(_ record: T, inSchema schema: String? = nil) throws -> T {
        try upsert(record, inSchema: schema)
    }

    /// Saves every record in one transaction: all or nothing. Returns them as stored.
    ///
    /// - Throws: as `save(_:inSchema:)`; after a failure none is saved.
    @discardableResult
    public func save<T: SQLCodable>(_ records: [T], inSchema schema: String? = nil) throws -> [T] {
        guard !records.isEmpty else { return [] }
        return try transaction {
            try records.map { try upsert($0, inSchema: schema) }
        }
    }
}
