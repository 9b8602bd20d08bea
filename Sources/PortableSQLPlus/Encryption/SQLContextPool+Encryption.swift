import Foundation

extension SQLContextPool {
    /// A pool over the encrypted database at `path`: every connection runs on SQLCipher
    /// (`.plus`, or the SQLCipher that `configuration` names) and is keyed with `key` and
    /// `settings` as it opens, before `prepareConnection` runs. The other parameters are
    /// `init(path:configuration:maximumReaderCount:busyTimeout:qualityOfService:prepareConnection:)`'s.
    ///
    /// - Throws: `SQLError` (`SQLITE_NOTADB`) when the key does not open the file; `SQLITE_MISUSE`
    ///   for an empty or malformed key, or a `configuration` that is not SQLCipher; otherwise as
    ///   `init(path:configuration:maximumReaderCount:busyTimeout:qualityOfService:prepareConnection:)`.
    public convenience init(
        path: String, key: SQLCipherKey, settings: SQLCipherSettings = .default, configuration: SQLiteConfiguration = .plus,
        maximumReaderCount: Int = 4, busyTimeout: Double = 5, qualityOfService: DispatchQoS = .userInitiated,
        prepareConnection: (@Sendable (SQLContext) throws -> Void)? = nil
    ) throws {
        try key.validate()
        _ = try configuration.cipherLibrary(for: "SQLContextPool(path:key:)")
        try self.init(
            path: path, configuration: configuration, maximumReaderCount: maximumReaderCount, busyTimeout: busyTimeout,
            qualityOfService: qualityOfService
        ) { context in
            try context.key(key, settings: settings)
            try prepareConnection?(context)
        }
    }
}
