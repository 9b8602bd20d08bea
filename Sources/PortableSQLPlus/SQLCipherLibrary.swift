import Foundation
@_exported import PortableSQL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLCipher, loaded into this process once, in isolation from the system SQLite.
///
/// `libsqlcipher` exports the same `sqlite3_*` symbols as the system `libsqlite3`, so it is
/// never linked: it is opened with `dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND)`, which keeps
/// its symbols out of the global namespace and makes its own calls resolve inside itself, and its
/// functions are looked up with `dlsym` into an engine table of their own.
final class SQLCipherLibrary: Sendable {
    /// The engine table of the loaded library.
    let engine: SQLiteEngine
    /// The path the library was loaded from.
    let path: String
    /// `sqlite3_key`: sets the key of a connection, before its first read.
    let setKey: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
    /// `sqlite3_rekey`: re-encrypts a keyed database under a new key.
    let changeKey: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32

    private init(engine: SQLiteEngine, path: String, setKey: @escaping @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32, changeKey: @escaping @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32) {
        self.engine = engine
        self.path = path
        self.setKey = setKey
        self.changeKey = changeKey
    }

    /// The environment variable that names the one library to load.
    static let environmentVariable = "SQLCIPHER_LIBRARY"

    /// The library, loaded on first use (thread-safe, once per process), or why it could not be.
    static let shared: Result<SQLCipherLibrary, SQLError> = load(environment: ProcessInfo.processInfo.environment)

    /// The paths to try, in order: `$SQLCIPHER_LIBRARY` alone when it is set, else the usual names.
    static func candidates(environment: [String: String]) -> [String] {
        if let named = environment[environmentVariable], !named.isEmpty { return [named] }
        #if canImport(Darwin)
        return ["libsqlcipher.dylib", "/opt/homebrew/opt/sqlcipher/lib/libsqlcipher.dylib", "/usr/local/opt/sqlcipher/lib/libsqlcipher.dylib"]
        #else
        return ["libsqlcipher.so", "libsqlcipher.so.1", "libsqlcipher.so.0"]
        #endif
    }

    /// Loads the first candidate that opens and is SQLCipher.
    static func load(environment: [String: String]) -> Result<SQLCipherLibrary, SQLError> {
        var attempts: [String] = []
        for path in candidates(environment: environment) {
            switch open(path) {
            case .success(let library): return .success(library)
            case .failure(let reason): attempts.append("\(path) (\(reason))")
            }
        }
        let advice = environment[environmentVariable].map { !$0.isEmpty } == true
            ? "unset \(environmentVariable) or point it at a SQLCipher library"
            : "install SQLCipher (Debian/Ubuntu: apt-get install libsqlcipher-dev; macOS: brew install sqlcipher) or set \(environmentVariable) to its path"
        return .failure(SQLError(code: .cantOpen, message: "SQLCipher could not be loaded; tried \(attempts.joined(separator: ", ")); \(advice)"))
    }

    private struct LoadFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func open(_ path: String) -> Result<SQLCipherLibrary, LoadFailure> {
        #if os(Linux)
        let mode = RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND
        #else
        let mode = RTLD_NOW | RTLD_LOCAL
        #endif
        guard let handle = dlopen(path, mode) else {
            return .failure(LoadFailure(description: dlerror().map { String(cString: $0) } ?? "dlopen failed"))
        }
        func resolve(_ symbol: String) throws -> UnsafeMutableRawPointer {
            guard let address = dlsym(handle, symbol) else {
                throw LoadFailure(description: "it has no \(symbol)")
            }
            return address
        }
        do {
            // A library without sqlite3_key is a plain SQLite: it would write secrets in clear text.
            let setKey = try resolve("sqlite3_key")
            let changeKey = try resolve("sqlite3_rekey")
            let functions = try SQLiteFunctions(resolve: resolve)
            let engine = SQLiteEngine(
                name: "SQLCipher",
                functions: functions,
                redactForTrace: TraceRedaction.redact,
                notADatabaseMessage: "file is not a database, or the key is wrong"
            )
            return .success(SQLCipherLibrary(
                engine: engine,
                path: path,
                setKey: unsafeBitCast(setKey, to: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32).self),
                changeKey: unsafeBitCast(changeKey, to: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32).self)
            ))
        } catch {
            dlclose(handle)
            return .failure(error as? LoadFailure ?? LoadFailure(description: "\(error)"))
        }
    }
}

extension SQLiteConfiguration {
    /// SQLCipher, for encrypted databases, loaded in isolation from the system SQLite so both can
    /// be used side by side in one process.
    ///
    /// The library is `$SQLCIPHER_LIBRARY` when that is set and not empty (that path and nothing
    /// else), or else the first of `libsqlcipher.so`, `libsqlcipher.so.1`, `libsqlcipher.so.0`
    /// (on macOS, Homebrew's `libsqlcipher.dylib`) that loads. When none does, opening a context throws a
    /// `SQLError` (`SQLITE_CANTOPEN`) that lists what was tried and how to install SQLCipher.
    public static let plus = SQLiteConfiguration(name: "plus") {
        try SQLCipherLibrary.shared.get().engine
    }
}
