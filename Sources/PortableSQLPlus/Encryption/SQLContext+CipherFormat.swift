import Foundation

/// What `SQLContext.upgradeCipherFormat(at:key:configuration:)` found and did.
public struct SQLCipherUpgrade: Sendable, Hashable, CustomStringConvertible {
    /// The SQLCipher major version whose default format the database was in (1 to 4).
    public let formerFormat: Int
    /// The format it is in now: the engine's own major version.
    public let currentFormat: Int

    /// Whether the file was rewritten (`false` when it was in the engine's format already).
    public var migrated: Bool { formerFormat != currentFormat }

    /// Says what was found and done, as `sqlctx upgrade` prints it.
    public var description: String {
        migrated
            ? "was in SQLCipher \(formerFormat) format; upgraded to SQLCipher \(currentFormat) format"
            : "is in SQLCipher \(currentFormat) format already; nothing to do"
    }
}

extension SQLContext {
    /// Rewrites the encrypted database at `path` from the format of an older SQLCipher (1, 2 or
    /// 3, with that version's default settings) into the format of the engine, in place, with
    /// SQLCipher's `PRAGMA cipher_migrate`; afterwards it opens with `key` and no settings.
    ///
    /// No other connection may have the file open meanwhile. Rows, schema and `user_version`
    /// are kept. A database written with custom settings (page size, KDF iterations, …) is not
    /// recognized: open it with those settings and `export(_:key:)` it instead.
    ///
    /// ```swift
    /// let upgrade = try SQLContext.upgradeCipherFormat(at: "old.sqlite", key: "passphrase")
    /// print(upgrade)   // was in SQLCipher 3 format; upgraded to SQLCipher 4 format
    /// ```
    /// The upgraded file keeps the mode of the old one (and, as root, its owner). Once the call
    /// returns, the folder has been flushed, so a power cut cannot bring back the old format. A
    /// process killed meanwhile leaves the database in the old format or the new one, and at
    /// worst `NAME-migrated` beside it, which the next upgrade, rewrite or `key(_:settings:)`
    /// of the database removes.
    /// - Returns: the format found, and the one the file is in now.
    /// - Throws: `SQLError`: `SQLITE_CANTOPEN` when there is no file at `path`, or it is not a
    ///   regular file (`/dev/null`); `SQLITE_NOTADB`
    ///   when the key opens it in no known format (a wrong key, or a plain database);
    ///   `SQLITE_MISUSE` when the configuration is not SQLCipher 4 or later, or the key is empty
    ///   or malformed; `SQLITE_ERROR` when `cipher_migrate` fails; `SQLITE_IOERR` when the
    ///   folder cannot be flushed afterwards.
    public static func upgradeCipherFormat(at path: String, key: SQLCipherKey, configuration: SQLiteConfiguration = .plus) throws -> SQLCipherUpgrade {
        try key.validate()
        guard FileManager.default.fileExists(atPath: path) else {
            throw SQLError(code: .cantOpen, message: "no database at \(path)")
        }
        try checkRegularFile(path, for: "upgrade")
        let library = try configuration.cipherLibrary(for: "upgradeCipherFormat(at:key:)")
        let current = library.cipherMajorVersion
        guard current >= 4 else {
            throw SQLError(code: .misuse, message: "upgradeCipherFormat(at:key:) needs SQLCipher 4 or later; this engine is SQLCipher \(library.cipherVersion)")
        }
        guard let found = try cipherFormat(ofFileAt: path, key: key, library: library, trying: Array((1...current).reversed())) else {
            throw unopenedDatabaseError(at: path, start: fileStart(ofFileAt: path, key: key, library: library), library: library)
        }
        // The key opens the file, so what a killed upgrade or rewrite left beside it is stale.
        removeLeftovers(.all, of: path)
        guard found != current else { return SQLCipherUpgrade(formerFormat: current, currentFormat: current) }

        // cipher_migrate works only on a connection that has its key and has read nothing yet.
        // cipher_migrate attaches a new file, which takes the main connection's flags: hence `.create`
        // (the file was checked to exist).
        let migrating = try SQLContext(path: path, flags: [.readWrite, .create], configuration: library.configuration)
        defer { migrating.closeConnection() }
        // cipher_migrate writes the new format to `path-migrated`, then renames it over `path`:
        // made first with the mode and owner of `path`, so that the upgraded file keeps them
        // whenever a kill comes. Unlike the temporary files of other rewrites it is not 0600: it
        // is encrypted under the same key, and it becomes the database itself.
        let migrated = path + "-migrated"
        try createEmptyFile(at: migrated, like: path, for: "upgrade")
        defer { removeDatabaseFiles(at: migrated) }
        try library.applyKey(key, to: try migrating.checkOpen().connection)
        let status = try migrating.reportingCopySteps { try migrating.selectAll(sql: "PRAGMA cipher_migrate") }
        guard status == [["0"]] else {
            throw SQLError(code: .error, message: "SQLCipher could not migrate \(path) from SQLCipher \(found) format (cipher_migrate answered \(status))")
        }
        migrating.closeConnection()
        // SQLCipher flushed the new file before its rename; the rename lasts once the folder is.
        try syncFolder(of: path, for: "upgrade")

        let check = try SQLContext(path: path, flags: .readOnly, configuration: library.configuration)
        defer { check.closeConnection() }
        try check.key(key, settings: .default, library: library)
        let integrity = try check.selectAll(sql: "PRAGMA quick_check")
        guard integrity == [["ok"]] else {
            throw SQLError(code: .corrupt, message: "\(path) failed its check after the upgrade: \(integrity)")
        }
        return SQLCipherUpgrade(formerFormat: found, currentFormat: current)
    }

    /// The first of `formats` (SQLCipher major versions, newest first) whose default format
    /// opens the file at `path` with `key`; `nil` when none does. Each try is a read-only
    /// connection of its own.
    private static func cipherFormat(ofFileAt path: String, key: SQLCipherKey, library: SQLCipherLibrary, trying formats: [Int]) throws -> Int? {
        for format in formats {
            let probe = try SQLContext(path: path, flags: .readOnly, configuration: library.configuration)
            defer { probe.closeConnection() }
            let settings = format == library.cipherMajorVersion ? SQLCipherSettings.default : SQLCipherSettings(compatibility: format)
            do {
                try probe.key(key, settings: settings, library: library)
                return format
            } catch let error as SQLError where error.code == .notADatabase {
                continue
            }
        }
        return nil
    }

    /// The first 16 bytes of the file at `path`, read through a connection of its own on which
    /// `key` did not open it (see `fileStart()`); `nil` when SQLCipher does not answer.
    private static func fileStart(ofFileAt path: String, key: SQLCipherKey, library: SQLCipherLibrary) -> Data? {
        guard let probe = try? SQLContext(path: path, flags: .readOnly, configuration: library.configuration),
              let connection = try? probe.checkOpen().connection
        else { return nil }
        defer { probe.closeConnection() }
        try? library.applyKey(key, to: connection)
        try? probe.checkKey()
        return probe.fileStart()
    }

    /// A `SQLITE_NOTADB` error that says why the file at `path`, whose first bytes are
    /// `start`, did not open, and what to try.
    private static func unopenedDatabaseError(at path: String, start: Data?, library: SQLCipherLibrary) -> SQLError {
        if start == Data("SQLite format 3\0".utf8) {
            return SQLError(code: .notADatabase, message: "\(path) starts with SQLite's plain header: it is not encrypted (open it without a key), or it keeps its header in clear (give SQLCipherSettings.plaintextHeaderSize and its salt)")
        }
        let tried = library.cipherMajorVersion >= 4 ? " (tried the formats of SQLCipher 1 to \(library.cipherMajorVersion))" : ""
        return SQLError(code: .notADatabase, message: "file is not a database, or the key is wrong\(tried)")
    }

    /// Why this context's key did not open its file, told apart where SQLCipher allows: a
    /// database in an older SQLCipher's format, a plain database, or a wrong key. `nil` for
    /// databases that are not files, and on SQLCipher 3, which cannot read other formats.
    func diagnoseUnopenedDatabase(key: SQLCipherKey, library: SQLCipherLibrary) -> SQLError? {
        let current = library.cipherMajorVersion
        guard current >= 4, !path.isEmpty, path != ":memory:", FileManager.default.fileExists(atPath: path) else { return nil }
        if let older = try? Self.cipherFormat(ofFileAt: path, key: key, library: library, trying: Array((1..<current).reversed())) {
            return SQLError(code: .notADatabase, message: "\(path) is in SQLCipher \(older) format, which SQLCipher \(current) does not open by default: open it with SQLCipherSettings(compatibility: \(older)), or upgrade it once with SQLContext.upgradeCipherFormat(at:key:)")
        }
        return Self.unopenedDatabaseError(at: path, start: fileStart(), library: library)
    }
}
