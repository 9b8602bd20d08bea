import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLContext {
    /// Encrypts the plain database file at `source` with `key`, writing the result to
    /// `destination` (which may be `source` itself, to encrypt in place).
    ///
    /// The work is done in a temporary file beside `destination`, checked with the key, then
    /// renamed over it in one step: on any failure `source` is untouched and no partial file is
    /// left. Rows, schema and `user_version` are kept. The temporary file, its journal and the
    /// result have the permission bits of `source` (and, as root, its owner), so a private file
    /// stays private, also when it is rewritten in place. No other connection should have
    /// `source` open meanwhile.
    /// - Throws: `SQLError`: `SQLITE_CANTOPEN` when `source` does not exist or `destination`
    ///   exists and is not `source`; `SQLITE_NOTADB` when `source` is not a plain database (for
    ///   example, already encrypted); `SQLITE_MISUSE` for an empty or malformed key;
    ///   `SQLITE_FULL` when the disk fills up, and SQLite's other errors as `export(_:key:)`.
    public static func encryptFile(at source: String, to destination: String, key: SQLCipherKey) throws {
        try key.validate()
        try rewriteFile(at: source, to: destination, openingWith: nil, settings: .default, exportingWith: key)
    }

    /// Decrypts the database file at `source`, opened with `key` and `settings`, writing a plain
    /// database to `destination` (which may be `source` itself). Atomic as `encryptFile` is.
    ///
    /// - Throws: `SQLError`: `SQLITE_NOTADB` for a wrong key, and as `encryptFile(at:to:key:)`.
    public static func decryptFile(at source: String, to destination: String, key: SQLCipherKey, settings: SQLCipherSettings = .default) throws {
        try key.validate()
        try rewriteFile(at: source, to: destination, openingWith: key, settings: settings, exportingWith: nil)
    }

    private static func rewriteFile(
        at source: String, to destination: String, openingWith sourceKey: SQLCipherKey?, settings: SQLCipherSettings,
        exportingWith destinationKey: SQLCipherKey?
    ) throws {
        let files = FileManager.default
        guard files.fileExists(atPath: source) else {
            throw SQLError(code: .cantOpen, message: "no database at \(source)")
        }
        let inPlace = URL(fileURLWithPath: source).standardizedFileURL == URL(fileURLWithPath: destination).standardizedFileURL
        guard inPlace || !files.fileExists(atPath: destination) else {
            throw SQLError(code: .cantOpen, message: "\(destination) exists; it is never overwritten")
        }
        let destinationURL = URL(fileURLWithPath: destination)
        let temporary = destinationURL.deletingLastPathComponent()
            .appendingPathComponent(".\(destinationURL.lastPathComponent).\(UUID().uuidString).portablesql-tmp").path
        do {
            // ATTACH opens the new file with the main database's flags, so `.create` is needed;
            // `source` was checked to exist above.
            let context = try SQLContext(path: source, flags: [.readWrite, .create], configuration: .plus)
            defer { context.closeConnection() }
            if let sourceKey {
                try context.key(sourceKey, settings: settings)
            } else {
                _ = try context.selectAll(sql: "SELECT count(*) FROM sqlite_master")
            }
            try context.exportCopy(to: temporary, key: destinationKey)
            context.closeConnection()

            let check = try SQLContext(path: temporary, flags: .readWrite, configuration: .plus)
            defer { check.closeConnection() }
            if let destinationKey { try check.key(destinationKey) }
            let integrity = try check.integrityCheck(quick: true)
            guard integrity.isOK else {
                throw SQLError(code: .corrupt, message: "the rewritten database failed its check: \(integrity.problems)")
            }
            check.closeConnection()
            guard rename(temporary, destination) == 0 else {
                throw SQLError(code: .cantOpen, message: "cannot move the rewritten database to \(destination): \(String(cString: strerror(errno)))")
            }
        } catch {
            removeDatabaseFiles(at: temporary)
            throw error
        }
    }
}
