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
