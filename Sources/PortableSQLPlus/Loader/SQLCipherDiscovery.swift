import Foundation

/// Finds the SQLCipher library that `.plus` runs on, once per process.
///
/// 1. `$SQLCIPHER_LIBRARY`, when set and not empty: that library and nothing else, so that a user
///    who names a library gets it or an error, never a silent fallback.
/// 2. Otherwise the newest SQLCipher among the one `Scripts/build-sqlcipher` installs
///    (`projectBuiltLibrary`) and the system's (`libsqlcipher.so`, `.so.1`, `.so.0`, which
///    Android's loader also finds among an app's own libraries; on Apple systems the app
///    bundle's `Frameworks/SQLCipher.framework` or `Frameworks/libsqlcipher.dylib`, then
///    Homebrew's). "Newest" is the highest SQLite version underneath, which every SQLCipher
///    release raises; on a tie the earlier candidate wins.
enum SQLCipherDiscovery {
    /// The environment variable that names the one library to load.
    static let environmentVariable = "SQLCIPHER_LIBRARY"

    /// Where `Scripts/build-sqlcipher` installs SQLCipher 4 on machines whose own is older.
    static let projectBuiltLibrary = "/usr/local/lib/portablesql/sqlcipher/lib/libsqlcipher.so"

    /// The library `.plus` runs on, or why there is none.
    static let found: Result<SQLCipherLibrary, SQLError> = find(environment: ProcessInfo.processInfo.environment)

    /// The libraries to consider, in order of preference on a tie, and whether the first is the
    /// only one allowed.
    static func candidates(environment: [String: String]) -> (names: [String], exclusive: Bool) {
        if let named = environment[environmentVariable], !named.isEmpty { return ([named], true) }
        #if canImport(Darwin)
        // An app embeds SQLCipher in its bundle's Frameworks (iOS allows no other place).
        let bundled = Bundle.main.privateFrameworksPath.map { ["\($0)/SQLCipher.framework/SQLCipher", "\($0)/libsqlcipher.dylib"] } ?? []
        return (bundled + ["libsqlcipher.dylib", "/opt/homebrew/opt/sqlcipher/lib/libsqlcipher.dylib", "/usr/local/opt/sqlcipher/lib/libsqlcipher.dylib"], false)
        #else
        return ([projectBuiltLibrary, "libsqlcipher.so", "libsqlcipher.so.1", "libsqlcipher.so.0"], false)
        #endif
    }

    /// Chooses and loads the library, as the type's documentation says.
    static func find(environment: [String: String]) -> Result<SQLCipherLibrary, SQLError> {
        SharedLibraryFile.loaderLock.lock()
        defer { SharedLibraryFile.loaderLock.unlock() }
        let (names, exclusive) = candidates(environment: environment)
        var attempts: [String] = []
        var found: [(path: String, sqliteVersion: Int32)] = []
        for name in names {
            do {
                let file = try SharedLibraryFile.inspect(name)
                defer { file.close() }
                _ = try file.address(of: "sqlite3_key")
                // Returns a constant, so it is safe to call before the library is isolated.
                let version = unsafeBitCast(try file.address(of: "sqlite3_libversion_number"), to: (@convention(c) () -> Int32).self)()
                if !found.contains(where: { $0.path == file.path }) { found.append((file.path, version)) }
            } catch {
                attempts.append("\(name) (\(error))")
            }
        }
        let newestFirst = found.indices.sorted { first, second in
            found[first].sqliteVersion == found[second].sqliteVersion ? first < second : found[first].sqliteVersion > found[second].sqliteVersion
        }
        for index in newestFirst {
            do {
                return .success(try SQLCipherLibrary.load(found[index].path))
            } catch {
                attempts.append("\(found[index].path) (\(error))")
            }
        }
        let advice = exclusive
            ? "unset \(environmentVariable) or point it at a SQLCipher library"
            : "run Scripts/bootstrap (it builds SQLCipher 4 into \(projectBuiltLibrary)), install SQLCipher (Debian/Ubuntu: apt-get install libsqlcipher-dev; macOS: brew install sqlcipher), or set \(environmentVariable) to its path"
        return .failure(SQLError(code: .cantOpen, message: "SQLCipher could not be loaded; tried \(attempts.joined(separator: ", ")); \(advice)"))
    }
}
