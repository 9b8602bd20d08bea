import PortableSQL

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
    public func backup(toPath path: String, key: SQLCipherKey, pagesPerStep: Int = 100, progress: ((SQLBackupProgress) -> Bool)? = nil) throws {
        try key.validate()
        _ = try cipherLibrary(for: "backup(toPath:key:)")
        try backup(toPath: path) { destination in
            try destination.key(key)
            try backup(to: destination, pagesPerStep: pagesPerStep, progress: progress)
        }
    }

    /// Checks the HMAC of every page of an encrypted database (`PRAGMA cipher_integrity_check`,
    /// SQLCipher 4): a page changed on disk outside SQLCipher shows here, where SQLite's
    /// `integrityCheck` would only see its structure.
    ///
    /// - Throws: `SQLError`: `SQLITE_MISUSE` when the context is not `.plus`;
    ///   `SQLITE_ERROR` on SQLCipher 3, which lacks the check; or when the context is closed.
    public func cipherIntegrityCheck() throws -> SQLIntegrityReport {
        let library = try cipherLibrary(for: "cipherIntegrityCheck()").library
        guard library.cipherMajorVersion >= 4 else {
            throw SQLError(code: .error, message: "cipher_integrity_check needs SQLCipher 4; this is SQLCipher \(library.cipherVersion)")
        }
        let rows = try selectAll(sql: "PRAGMA cipher_integrity_check")
        return SQLIntegrityReport(problems: rows.compactMap { $0.first?.textValue })
    }
}
