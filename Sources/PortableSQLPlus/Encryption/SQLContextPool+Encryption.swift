extension SQLContextPool {
    /// A pool over the encrypted database at `path`: every connection runs on SQLCipher (`.plus`,
    /// unless `configuration.engine` names another SQLCipher) and is keyed with `key` and
    /// `settings` as it opens, before `configuration.prepareConnection` runs.
    ///
    /// - Throws: `SQLError` (`SQLITE_NOTADB`) when the key does not open the file; otherwise as
    ///   `init(path:configuration:)`.
    public convenience init(path: String, key: SQLCipherKey, settings: SQLCipherSettings = .default, configuration: Configuration = Configuration()) throws {
        try key.validate()
        var configuration = configuration
        if configuration.engine.name == SQLiteConfiguration.platform.name { configuration.engine = .plus }
        let prepare = configuration.prepareConnection
        configuration.prepareConnection = { context in
            try context.key(key, settings: settings)
            try prepare?(context)
        }
        try self.init(path: path, configuration: configuration)
    }
}
