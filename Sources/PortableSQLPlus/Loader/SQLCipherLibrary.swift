import Foundation
@_exported import PortableSQL

/// One SQLCipher library loaded into this process, in isolation from the system SQLite: a view
/// of its engine, whose table has `key` and `rekey`.
///
/// `libsqlcipher` exports the same `sqlite3_*` symbols as the system `libsqlite3`, so it is never
/// linked: it is opened with `dlopen` (see `SharedLibraryFile`) and its functions are looked up
/// with `dlsym`. Each file is loaded once per process; `.plus` is the one `SQLCipherDiscovery`
/// finds, `.sqlcipher(libraryAt:)` any other.
struct SQLCipherLibrary: Sendable {
    /// The engine of the loaded library.
    let engine: SQLiteEngine
    /// The key functions of the engine's table.
    private let setKey: SQLiteKeyFunction
    private let changeKey: SQLiteKeyFunction

    /// The library of `engine`, or `nil` when the engine does not encrypt.
    init?(engine: SQLiteEngine) {
        guard engine.capabilities.contains(.encryption), let setKey = engine.functions.key, let changeKey = engine.functions.rekey else {
            return nil
        }
        self.engine = engine
        self.setKey = setKey
        self.changeKey = changeKey
    }

    /// The file the library was loaded from.
    var path: String { engine.libraryPath ?? "" }

    /// A configuration that opens contexts on this library.
    var configuration: SQLiteConfiguration {
        SQLiteConfiguration(name: "sqlcipher(\(path))") { [engine] in engine }
    }

    /// `PRAGMA cipher_version`, such as "4.6.1 community" or "3.4.1".
    var cipherVersion: String { engine.encryptionVersion ?? "" }

    /// The major version of `cipherVersion` (3 for "3.4.1"), 0 when it cannot be read.
    var cipherMajorVersion: Int {
        Int(cipherVersion.prefix { $0.isNumber }) ?? 0
    }

    // Guarded by `SharedLibraryFile.loaderLock`: the engine of each file loaded, and of each name asked for.
    nonisolated(unsafe) private static var enginesByPath: [String: SQLiteEngine] = [:]
    nonisolated(unsafe) private static var enginesByName: [String: SQLiteEngine] = [:]

    /// The library in the file `name` (a path, or a bare name the loader searches for), loaded
    /// on first use and then shared; SQLCipher's log is silenced when it loads (see
    /// `SQLiteConfiguration.setCipherLogLevel(_:)`).
    ///
    /// - Throws: `SharedLibraryFile.LoadFailure` when the file does not load or is not SQLCipher
    ///   (a plain SQLite, without `sqlite3_key`, would write secrets in clear text).
    static func load(_ name: String) throws -> SQLCipherLibrary {
        SharedLibraryFile.loaderLock.lock()
        defer { SharedLibraryFile.loaderLock.unlock() }
        if let loaded = enginesByName[name], let library = SQLCipherLibrary(engine: loaded) { return library }
        // Is it SQLCipher at all? Asked first, so that the answer does not depend on how it loads;
        // the inspected handle is closed before the library is opened for use.
        let inspected = try SharedLibraryFile.inspect(name)
        let isSQLCipher = Result { try inspected.address(of: "sqlite3_key") }
        inspected.close()
        _ = try isSQLCipher.get()
        let file = try SharedLibraryFile.isolated(inspected.path)
        if let loaded = enginesByPath[file.path], let library = SQLCipherLibrary(engine: loaded) {
            file.close()
            enginesByName[name] = loaded
            return library
        }
        do {
            let functions = try SQLiteFunctions(resolve: file.address(of:))
            guard functions.key != nil, functions.rekey != nil else {
                throw SharedLibraryFile.LoadFailure(description: "it has no sqlite3_key and sqlite3_rekey")
            }
            let version = try cipherVersion(of: functions)
            let vfs = CheckedOpenVFS.register(in: try CheckedOpenVFS.Library(resolve: file.address(of:)), refusingKeys: false)
            let engine = SQLiteEngine(
                name: "SQLCipher", functions: functions, notADatabaseMessage: "file is not a database, or the key is wrong",
                libraryPath: file.path, encryptionVersion: version, vfs: vfs)
            guard let library = SQLCipherLibrary(engine: engine) else {
                throw SharedLibraryFile.LoadFailure(description: "it does not encrypt")
            }
            _ = try? library.setLogLevel(.none)
            enginesByPath[file.path] = engine
            enginesByName[name] = engine
            return library
        } catch {
            file.close()
            throw error as? SharedLibraryFile.LoadFailure ?? SharedLibraryFile.LoadFailure(description: "\(error)")
        }
    }

    /// `PRAGMA cipher_version` of the library of `functions`, read on a throwaway engine.
    ///
    /// - Throws: `SharedLibraryFile.LoadFailure` when the library does not answer it.
    private static func cipherVersion(of functions: SQLiteFunctions) throws -> String {
        let probe = try SQLContext(inMemoryOn: SQLiteEngine(name: "SQLCipher", functions: functions))
        defer { probe.closeConnection() }
        guard let version = try probe.selectAll(sql: "PRAGMA cipher_version").first?.first?.textValue else {
            throw SharedLibraryFile.LoadFailure(description: "it does not answer PRAGMA cipher_version")
        }
        return version
    }

    /// Sets `key` on `connection`, checking nothing: the next read tells whether it fits.
    ///
    /// - Throws: `SQLError` when SQLCipher refuses the call.
    func applyKey(_ key: SQLCipherKey, to connection: OpaquePointer) throws {
        try call(setKey, with: key, on: connection)
    }

    /// Re-encrypts the keyed database of `connection` under `key`.
    ///
    /// - Throws: `SQLError` when SQLCipher refuses the call or the rewrite fails.
    func applyNewKey(_ key: SQLCipherKey, to connection: OpaquePointer) throws {
        try call(changeKey, with: key, on: connection)
    }

    private func call(_ function: SQLiteKeyFunction, with key: SQLCipherKey, on connection: OpaquePointer) throws {
        let result = key.keyText.utf8CString.withUnsafeBytes { bytes in
            function(connection, bytes.baseAddress, Int32(bytes.count - 1))
        }
        guard result == SQLResultCode.ok.rawValue else {
            throw SQLError(engine: engine, connection: connection, resultCode: result, sql: nil)
        }
    }

    /// Sets SQLCipher's process-wide log level; returns `false` when this SQLCipher has no log
    /// (before 4.5) and `level` is not `.none`.
    ///
    /// SQLCipher sets up its log the first time a key is set in the process, and that undoes any
    /// level set before; so a throwaway in-memory connection is keyed first.
    /// - Throws: `SQLError` when the in-memory connection fails.
    func setLogLevel(_ level: SQLCipherLogLevel) throws -> Bool {
        let context = try SQLContext(inMemoryOn: engine)
        defer { context.closeConnection() }
        try applyKey(.passphrase("log set-up"), to: try context.checkOpen().connection)
        let answer = try context.selectAll(sql: "PRAGMA cipher_log_level = \(level.rawValue)")
        guard let set = answer.first?.first?.textValue else { return level == .none }
        return set == level.rawValue
    }
}
