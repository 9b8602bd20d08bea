import Foundation
@_exported import PortableSQL

/// One SQLCipher library loaded into this process, in isolation from the system SQLite, with an
/// engine table of its own.
///
/// `libsqlcipher` exports the same `sqlite3_*` symbols as the system `libsqlite3`, so it is never
/// linked: it is opened with `dlopen` (see `SharedLibraryFile`) and its functions are looked up
/// with `dlsym`. Each file is loaded once per process; `.plus` is the one `SQLCipherDiscovery`
/// finds, `.sqlcipher(libraryAt:)` any other.
final class SQLCipherLibrary: Sendable {
    /// The engine table of the loaded library.
    let engine: SQLiteEngine
    /// The file the library was loaded from.
    let path: String
    /// `PRAGMA cipher_version`, such as "4.6.1 community" or "3.4.1".
    let cipherVersion: String
    /// `sqlite3_key`: sets the key of a connection, before its first read.
    let setKey: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    /// `sqlite3_rekey`: re-encrypts a keyed database under a new key.
    let changeKey: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32

    /// A configuration that opens contexts on this library.
    var configuration: SQLiteConfiguration {
        SQLiteConfiguration(name: "sqlcipher(\(path))") { [engine] in engine }
    }

    /// The major version of `cipherVersion` (3 for "3.4.1"), 0 when it cannot be read.
    var cipherMajorVersion: Int {
        Int(cipherVersion.prefix { $0.isNumber }) ?? 0
    }

    private init(
        engine: SQLiteEngine, path: String, cipherVersion: String,
        setKey: @escaping @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32,
        changeKey: @escaping @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    ) {
        self.engine = engine
        self.path = path
        self.cipherVersion = cipherVersion
        self.setKey = setKey
        self.changeKey = changeKey
    }

    // Guarded by `SharedLibraryFile.loaderLock`: every library loaded, and which one each name gave.
    nonisolated(unsafe) private static var loadedLibraries: [SQLCipherLibrary] = []
    nonisolated(unsafe) private static var librariesByName: [String: SQLCipherLibrary] = [:]

    /// The library in the file `name` (a path, or a bare name the loader searches for), loaded
    /// on first use and then shared; SQLCipher's log is silenced when it loads (see
    /// `SQLiteConfiguration.setCipherLogLevel(_:)`).
    ///
    /// - Throws: `SharedLibraryFile.LoadFailure` when the file does not load or is not SQLCipher
    ///   (a plain SQLite, without `sqlite3_key`, would write secrets in clear text).
    static func load(_ name: String) throws -> SQLCipherLibrary {
        SharedLibraryFile.loaderLock.lock()
        defer { SharedLibraryFile.loaderLock.unlock() }
        if let loaded = librariesByName[name] { return loaded }
        // Is it SQLCipher at all? Asked first, so that the answer does not depend on how it loads;
        // the inspected handle is closed before the library is opened for use.
        let inspected = try SharedLibraryFile.inspect(name)
        let isSQLCipher = Result { try inspected.address(of: "sqlite3_key") }
        inspected.close()
        _ = try isSQLCipher.get()
        let file = try SharedLibraryFile.isolated(inspected.path)
        if let loaded = loadedLibraries.first(where: { $0.path == file.path }) {
            file.close()
            librariesByName[name] = loaded
            return loaded
        }
        do {
            func function<Function>(_ symbol: String) throws -> Function {
                unsafeBitCast(try file.address(of: symbol), to: Function.self)
            }
            let setKey: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32 = try function("sqlite3_key")
            let changeKey: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32 = try function("sqlite3_rekey")
            let engine = SQLiteEngine(
                name: "SQLCipher",
                functions: try SQLiteFunctions(resolve: file.address(of:)),
                encrypts: true,
                notADatabaseMessage: "file is not a database, or the key is wrong"
            )
            let probe = try SQLContext(inMemoryOn: engine)
            defer { probe.closeConnection() }
            guard let version = try probe.selectAll(sql: "PRAGMA cipher_version").first?.first?.textValue else {
                throw SharedLibraryFile.LoadFailure(description: "it does not answer PRAGMA cipher_version")
            }
            let library = SQLCipherLibrary(engine: engine, path: file.path, cipherVersion: version, setKey: setKey, changeKey: changeKey)
            _ = try? library.setLogLevel(.none)
            loadedLibraries.append(library)
            librariesByName[name] = library
            return library
        } catch {
            file.close()
            throw error as? SharedLibraryFile.LoadFailure ?? SharedLibraryFile.LoadFailure(description: "\(error)")
        }
    }

    /// The loaded library whose engine is `engine`, if any.
    static func owning(_ engine: SQLiteEngine) -> SQLCipherLibrary? {
        SharedLibraryFile.loaderLock.lock()
        defer { SharedLibraryFile.loaderLock.unlock() }
        return loadedLibraries.first { $0.engine === engine }
    }

    /// Sets `key` on `connection`, checking nothing: the next read tells whether it fits.
    ///
    /// - Throws: `SQLError` when SQLCipher refuses the call.
    func applyKey(_ key: SQLCipherKey, to connection: OpaquePointer) throws {
        let result = key.keyText.utf8CString.withUnsafeBytes { bytes in
            setKey(connection, bytes.baseAddress, Int32(bytes.count - 1))
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
