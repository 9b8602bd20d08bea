extension SQLiteConfiguration {
    /// SQLCipher, for encrypted databases, loaded in isolation from the system SQLite so both can
    /// be used side by side in one process.
    ///
    /// The library is `$SQLCIPHER_LIBRARY` when that is set and not empty (that file and nothing
    /// else); otherwise the newest SQLCipher among the one `Scripts/build-sqlcipher` installs in
    /// `/usr/local/lib/portablesql/sqlcipher/lib` and the system's `libsqlcipher.so`, `.so.1`,
    /// `.so.0` (on macOS, Homebrew's `libsqlcipher.dylib`). It is chosen once per process. When
    /// none loads, opening a context throws a `SQLError` (`SQLITE_CANTOPEN`) that lists what was
    /// tried and how to get SQLCipher.
    public static let plus = SQLiteConfiguration(name: "plus") {
        try SQLCipherDiscovery.found.get().engine
    }

    /// SQLCipher from the library file at `path`, whatever `.plus` runs on: for example a
    /// SQLCipher 3 library, to work with databases in its format, beside SQLCipher 4.
    ///
    /// The file is loaded once per process, on the first open, and shared by every
    /// configuration that names it.
    /// - Returns: a configuration whose opens throw `SQLError` (`SQLITE_CANTOPEN`) when the
    ///   file does not load or is not SQLCipher.
    public static func sqlcipher(libraryAt path: String) -> SQLiteConfiguration {
        SQLiteConfiguration(name: "sqlcipher(\(path))") {
            do {
                return try SQLCipherLibrary.load(path).engine
            } catch {
                throw SQLError(code: .cantOpen, message: "SQLCipher could not be loaded from \(path): \(error)")
            }
        }
    }

    /// Sets how much this configuration's SQLCipher writes to its log (standard error on
    /// Linux). The level belongs to the library, so it holds for every context on it.
    ///
    /// PortableSQLPlus sets `.none` when it loads SQLCipher. SQLCipher before 4.5 has no log:
    /// there `.none` is accepted and any other level throws.
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when this is not a SQLCipher configuration;
    ///   `SQLITE_ERROR` when the library has no log and `level` is not `.none`; the load error
    ///   when the library cannot be loaded.
    public func setCipherLogLevel(_ level: SQLCipherLogLevel) throws {
        let library = try cipherLibrary(for: "setCipherLogLevel(_:)")
        guard try library.setLogLevel(level) else {
            throw SQLError(code: .error, message: "SQLCipher \(library.cipherVersion) has no log; only .none can be set")
        }
    }

    /// The SQLCipher library of this configuration, loaded.
    ///
    /// - Throws: the load error; `SQLError` (`SQLITE_MISUSE`) when this is not a SQLCipher
    ///   configuration.
    func cipherLibrary(for operation: String) throws -> SQLCipherLibrary {
        let engine = try engine()
        guard let library = SQLCipherLibrary(engine: engine) else {
            throw SQLError(code: .misuse, message: "\(operation) needs a SQLCipher configuration; \(name) runs on \(engine.name)")
        }
        return library
    }
}
