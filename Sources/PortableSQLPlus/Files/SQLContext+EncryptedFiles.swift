import Foundation
import PortableSQL

extension SQLContext {
    /// Encrypts the plain database file at `source` with `key`, writing the result to
    /// `destination` (which may be `source` itself, to encrypt in place).
    ///
    /// The work is done in a temporary file beside `destination` (mode 0600), checked with the
    /// key, given the permission bits of `source` (and, as root, its owner), flushed, then
    /// renamed over it in one step, and the folder flushed: on any failure `source` is untouched
    /// and nothing is left at `destination`, and once the call returns a power cut cannot bring
    /// the former file back. A process killed meanwhile leaves `destination` as it was and, at
    /// worst, a hidden temporary file beside it: `.NAME.<UUID>.portablesql-rewrite` in place,
    /// which the next rewrite of `destination` or the next `key(_:settings:)` that opens it
    /// removes first, once the original is known to open; `.NAME.<UUID>.portablesql-tmp` for a
    /// copy, which the next copy to `destination` removes first too. Rows, schema and
    /// `user_version` are kept.
    /// No other connection should have `source` open meanwhile.
    /// - Throws: `SQLError`: `SQLITE_CANTOPEN` when `source` does not exist, `destination`
    ///   exists and is not `source`, or a file rewritten in place is not a regular file
    ///   (`/dev/null`); `SQLITE_NOTADB` when `source` is not a plain database (for
    ///   example, already encrypted); `SQLITE_MISUSE` for an empty or malformed key;
    ///   `SQLITE_FULL` when the disk fills up, `SQLITE_IOERR` when the new file or its folder
    ///   cannot be flushed, and SQLite's other errors as `export(_:key:)`.
    public static func encryptFile(at source: String, to destination: String, key: SQLCipherKey) throws {
        try key.validate()
        try rewriteFile(at: source, to: destination, openingWith: nil, settings: .default, exportingWith: key, for: "encrypt")
    }

    /// Decrypts the database file at `source`, opened with `key` and `settings`, writing a plain
    /// database to `destination` (which may be `source` itself). Atomic and durable as
    /// `encryptFile` is; the plain temporary file of a killed process is private (0600) and is
    /// removed as `encryptFile(at:to:key:)` says.
    ///
    /// - Throws: `SQLError`: `SQLITE_NOTADB` for a wrong key, and as `encryptFile(at:to:key:)`.
    public static func decryptFile(at source: String, to destination: String, key: SQLCipherKey, settings: SQLCipherSettings = .default) throws {
        try key.validate()
        try rewriteFile(at: source, to: destination, openingWith: key, settings: settings, exportingWith: nil, for: "decrypt")
    }

    /// Copies the database at `source` (opened with `sourceKey`, or plain) into a new file at
    /// `destination`, encrypted with `destinationKey` or plain, checks the copy, and moves it
    /// into place, over `source` when the two are the same file.
    private static func rewriteFile(
        at source: String, to destination: String, openingWith sourceKey: SQLCipherKey?, settings: SQLCipherSettings,
        exportingWith destinationKey: SQLCipherKey?, for operation: String
    ) throws {
        guard FileManager.default.fileExists(atPath: source) else {
            throw SQLError(code: .cantOpen, message: "no database at \(source)")
        }
        let inPlace = URL(fileURLWithPath: source).standardizedFileURL == URL(fileURLWithPath: destination).standardizedFileURL
        guard inPlace || !FileManager.default.fileExists(atPath: destination) else {
            removeLeftovers(.otherNames, of: destination)
            throw SQLError(code: .cantOpen, message: "\(destination) exists; it is never overwritten")
        }
        // ATTACH opens the new file with the main database's flags, so `.create` is needed;
        // `source` was checked to exist above.
        let context = try SQLContext(path: source, flags: [.readWrite, .create], configuration: .plus)
        defer { context.closeConnection() }
        // Opened (and, in place, so known intact) before the leftovers of `destination` go.
        if let sourceKey {
            try context.key(sourceKey, settings: settings)
        } else {
            try context.checkKey()
        }
        try context.writingNewFile(at: destination, copying: "main", for: operation, replacing: inPlace) { temporary in
            try context.export(intoEmptyFile: temporary, key: destinationKey)
            try checkRewrittenFile(at: temporary, key: destinationKey)
        }
    }

    /// Opens the new file at `path` with `key` (or plain) and runs a quick integrity check.
    ///
    /// - Throws: `SQLError`: `SQLITE_CORRUPT` when the check finds a problem; the error of the open.
    private static func checkRewrittenFile(at path: String, key: SQLCipherKey?) throws {
        let check = try SQLContext(path: path, flags: .readWrite, configuration: .plus)
        defer { check.closeConnection() }
        if let key { try check.key(key, settings: .default, library: try check.cipherLibrary(for: "check").library) }
        let integrity = try check.integrityCheck(quick: true)
        guard integrity.isEmpty else {
            throw SQLError(code: .corrupt, message: "the rewritten database failed its check: \(integrity)")
        }
    }
}

extension SQLContext {
    /// Attaches the database file at `path` as `name`, encrypted with `key`, or plain when `key`
    /// is `nil`; see `attach(path:as:)`. Each attached database keeps its own key, so one
    /// statement can read an encrypted database and write a differently keyed or plain one.
    ///
    /// ```swift
    /// try db.attach(path: archivePath, as: "archive", key: "archive passphrase")
    /// try db.exec(sql: "INSERT INTO archive.note SELECT * FROM main.note WHERE year < 2020")
    /// ```
    /// - Throws: `SQLError`: `SQLITE_MISUSE` when the context is not `.plus` or the key is
    ///   empty or malformed; `SQLITE_NOTADB` when the key does not open an existing file (it is
    ///   then detached again); and as `attach(path:as:)`.
    public func attach(path: String, as name: String, key: SQLCipherKey?) throws {
        try key?.validate()
        _ = try cipherLibrary(for: "attach(path:as:key:)")
        try Self.checkDatabasePath(path, flags: []).get()
        try exec(sql: "ATTACH DATABASE ? AS \(name.quotedIdentifier) KEY ?", parameters: [.text(path), .text(key?.keyText ?? "")])
        do {
            _ = try selectAll(sql: "SELECT count(*) FROM \(name.quotedIdentifier).sqlite_master")
        } catch {
            try? detach(name)
            throw error
        }
    }

    /// Copies this encrypted database into a new file at `path`, encrypted with `key` (the same
    /// key or another), with SQLite's online backup: see `backup(to:schema:destinationSchema:pagesPerStep:progress:)`
    /// for steps, progress and concurrent use. The copy keeps SQLCipher's default settings.
    ///
    /// SQLCipher never lets the online backup write a plain copy of an encrypted database (nor
    /// an encrypted copy of a plain one); a plain copy is only made when asked for by name, with
    /// `export(_:key:)` and no key, or `SQLContext.decryptFile(at:to:key:settings:)`.
    /// - Throws: `SQLError`: `SQLITE_MISUSE` when the context is not `.plus` or the key is empty
    ///   or malformed; SQLCipher's error when the database is not encrypted; and as
    ///   `backup(toPath:schema:pagesPerStep:progress:)`. On any failure no file is left at `path`.
    public func backup(toPath path: String, key: SQLCipherKey, pagesPerStep: Int = 100, progress: ((_ copiedPages: Int, _ totalPages: Int) -> Bool)? = nil) throws {
        try key.validate()
        _ = try cipherLibrary(for: "backup(toPath:key:)")
        try backup(toPath: path) { destination in
            try destination.key(key)
            try backup(to: destination, pagesPerStep: pagesPerStep, progress: progress)
        }
    }

    /// Checks the HMAC of every page of an encrypted database (`PRAGMA cipher_integrity_check`,
    /// SQLCipher 4): a page changed on disk outside SQLCipher shows here, where SQLite's
    /// `integrityCheck` would only see its structure. Returns each page that failed, in
    /// SQLCipher's words; none when every page is sound.
    ///
    /// - Throws: `SQLError`: `SQLITE_MISUSE` when the context is not `.plus`;
    ///   `SQLITE_ERROR` on SQLCipher 3, which lacks the check; or when the context is closed.
    public func cipherIntegrityCheck() throws -> [String] {
        let library = try cipherLibrary(for: "cipherIntegrityCheck()").library
        guard library.cipherMajorVersion >= 4 else {
            throw SQLError(code: .error, message: "cipher_integrity_check needs SQLCipher 4; this is SQLCipher \(library.cipherVersion)")
        }
        let rows = try selectAll(sql: "PRAGMA cipher_integrity_check")
        return rows.compactMap { $0.first?.textValue }
    }
}
