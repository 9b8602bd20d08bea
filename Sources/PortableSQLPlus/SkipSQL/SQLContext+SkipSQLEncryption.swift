// SkipSQL's spellings of the encryption API, so that code written for SkipSQL compiles unchanged.
extension SQLContext {
    /// Sets the passphrase of the database, as `key(_:settings:)` with `.passphrase(passphrase)`:
    /// SkipSQL's spelling, which its sample calls with a `String` variable.
    ///
    /// - Throws: as `key(_:settings:)`.
    @_disfavoredOverload
    public func key(_ passphrase: String, settings: SQLCipherSettings = .default) throws {
        try key(.passphrase(passphrase), settings: settings)
    }
}

extension SQLContext {
    /// Sets the passphrase of the database, or with `rekey` changes it to `passphrase` (SkipSQL's
    /// spelling of `key(_:settings:)` and `rekey(_:)`).
    ///
    /// - Throws: as `key(_:settings:)` or `rekey(_:)`.
    public func key(_ passphrase: String, rekey: Bool) throws {
        if rekey {
            try self.rekey(.passphrase(passphrase))
        } else {
            try key(.passphrase(passphrase))
        }
    }

    /// Attaches the database at `path` as `schemaName`, with the passphrase `key` when given
    /// (without one, SQLCipher uses the main database's key); SkipSQL's spelling of
    /// `attach(path:as:key:)`.
    ///
    /// - Throws: as `attach(path:as:key:)`.
    public func attach(location path: String, as schemaName: String, key: String? = nil) throws {
        try attach(path: path, as: schemaName, key: key.map { .passphrase($0) })
    }
}
