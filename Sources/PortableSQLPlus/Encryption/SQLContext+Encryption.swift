import Foundation

extension SQLContext {
    /// The SQLCipher version of a `.plus` context, as `PRAGMA cipher_version` gives it ("4.6.1
    /// community", "3.4.1"); `nil` on other engines or when closed.
    public var cipherVersion: String? {
        (try? cipherLibrary(for: "cipherVersion"))?.library.cipherVersion
    }

    /// The major version of SQLCipher under a `.plus` context (3, 4, …); `nil` on other engines
    /// or when closed.
    package var cipherMajorVersion: Int? {
        (try? cipherLibrary(for: "cipherMajorVersion"))?.library.cipherMajorVersion
    }

    /// The file of the SQLCipher library a `.plus` context runs on; `nil` on other engines or
    /// when closed.
    public var cipherLibraryPath: String? {
        (try? cipherLibrary(for: "cipherLibraryPath"))?.library.path
    }

    /// Whether the database has a key set (on a `.plus` context); `false` for plain databases,
    /// other engines and closed contexts.
    public var isEncrypted: Bool {
        guard (try? cipherLibrary(for: "isEncrypted")) != nil else { return false }
        return (try? selectAll(sql: "PRAGMA cipher_provider").isEmpty == false) ?? false
    }

    /// Sets the key, applies `settings`, and checks the key by reading the schema.
    ///
    /// Call it first, before any other statement. A new (empty) file is encrypted with this key
    /// as it is written, in the engine's own format (SQLCipher 4's defaults on SQLCipher 4). With
    /// a wrong key nothing is written and the same context can be given another key, also for
    /// a file whose pages have no HMAC (SQLCipher 1's format, `hmac: false`).
    ///
    /// ```swift
    /// let db = try SQLContext(path: "notes.sqlite", configuration: .plus)
    /// try db.key("correct horse battery staple")
    /// ```
    ///
    /// Once the key has opened a database file that is not empty, what killed rewrites and
    /// copies of that file left beside it is removed: the hidden `.NAME.<UUID>.portablesql-tmp`
    /// and `.NAME.<UUID>.portablesql-rewrite` files with their journals (`encryptFile`,
    /// `decryptFile`, `export`, `backup(toPath:)`) and `NAME-migrated` (`upgradeCipherFormat`).
    /// They may hold a plain copy of the rows, and while the database itself opens they are
    /// stale. On a new, empty file only those of copies (`-tmp`) go: the others may be all that
    /// is left of a database that was deleted. An open without a key removes nothing: it reads
    /// nothing, so it cannot know that the file is intact.
    ///
    /// A database in WAL mode whose first bytes, where SQLCipher keeps the salt, a power cut
    /// garbled while a checkpoint wrote them, opens with the salt of page 1 in the WAL
    /// (SQLCipher alone refuses it; see EncryptedDatabases.md, "Power loss").
    /// - Parameters:
    ///   - key: a passphrase (a string literal is one) or a raw 32-byte key, `.raw(bytes)`.
    ///   - settings: the cipher settings the file was written with; the engine's defaults unless
    ///     it came from another SQLCipher version or was written with custom settings.
    /// - Throws: `SQLError` (`SQLITE_NOTADB`) when the key does not open the file. When the
    ///   settings are the defaults, the message tells a wrong key from a database in another
    ///   format: one written by SQLCipher 1 to 3 (open it with `SQLCipherSettings(compatibility:)`
    ///   or upgrade it with `upgradeCipherFormat(at:key:)`), or a plain one (open it without a
    ///   key). `SQLITE_MISUSE` for an empty passphrase, a raw key of the wrong size, or a context
    ///   that is not on SQLCipher; errors from the settings.
    public func key(_ key: SQLCipherKey, settings: SQLCipherSettings = .default) throws {
        try key.validate()
        let library = try cipherLibrary(for: "key()").library
        do {
            try self.key(key, settings: settings, library: library)
        } catch let error as SQLError where error.code == .notADatabase {
            if !keyWithSaltFromWAL(key, settings: settings, library: library) {
                throw settings == .default ? diagnoseUnopenedDatabase(key: key, library: library) ?? error : error
            }
        }
        removeLeftoversOfRewrites()
    }

    /// Removes the leftovers of killed rewrites and copies of this context's file: all of them
    /// when it is not empty, only those of copies when it is (it may have just been created by
    /// this open, so the leftovers of a rewrite in place could be all that remains of a database).
    private func removeLeftoversOfRewrites() {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:"),
              let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        else { return }
        Self.removeLeftovers(size > 0 ? .all : .ofCopies, of: path)
    }

    /// Sets the key, applies `settings`, and checks the key by reading the schema (first on a
    /// private connection when pages have no HMAC, see `checkKeyWithoutHMAC`).
    ///
    /// - Throws: `SQLError` (`SQLITE_NOTADB`) when the key does not open the file; errors from
    ///   the settings.
    func key(_ key: SQLCipherKey, settings: SQLCipherSettings, library: SQLCipherLibrary) throws {
        try library.applyKey(key, to: try checkOpen().connection)
        try settings.apply(to: self, library: library)
        try checkKeyWithoutHMAC(key, settings: settings, library: library)
        try checkKey()
    }

    /// Re-encrypts every page of the database under `newKey`, in one transaction, and flushes
    /// the database's folder, so that in a rollback-journal mode the new key is the one a power
    /// cut after the call leaves. In WAL mode the commit is as durable as `PRAGMA synchronous`
    /// makes any other: at once with `FULL`, at the next checkpoint with `NORMAL`.
    ///
    /// Only an encrypted database can be rekeyed: to encrypt a plain one, use `export(_:key:)`
    /// or `SQLContext.encryptFile(at:to:key:)`; to decrypt, export with no key.
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the database is not encrypted, the context is
    ///   not `.plus`, or the key is empty or malformed; SQLite's error when the rewrite fails;
    ///   `SQLITE_IOERR` when the key changed but the folder could not be flushed.
    public func rekey(_ newKey: SQLCipherKey) throws {
        try newKey.validate()
        let (connection, library) = try cipherLibrary(for: "rekey()")
        try checkKey()
        guard isEncrypted else {
            throw SQLError(code: .misuse, message: "rekey() changes the key of an encrypted database, and this one is not encrypted; use export(_:key:) or SQLContext.encryptFile(at:to:key:) to encrypt it")
        }
        try library.applyNewKey(newKey, to: connection)
        try checkKey()
        // SQLite commits in DELETE mode by deleting the journal, without flushing the folder:
        // a power cut soon after could bring the journal back, and with it the old key.
        if let file = try databaseFile(of: "main"), !file.isEmpty {
            do {
                try Self.syncFolder(of: file, for: "rekey()")
            } catch let error as SQLError {
                throw SQLError(code: .ioError, message: "rekey() changed the key, but \(error.message); a power cut now could bring the old key back")
            }
        }
    }

    /// Writes a copy of the whole database (schema, rows and `user_version`) to a new file at
    /// `path`, encrypted with `key`, or plain when `key` is `nil` or empty.
    ///
    /// This is how a plain database is encrypted, an encrypted one decrypted, or a database
    /// moved to other cipher settings. It runs SQLCipher's `sqlcipher_export`, which does not
    /// copy `user_version`; this method copies it too. The new file has the permission bits of
    /// the database's file (see `writingNewFile(at:copying:for:replacing:_:)`).
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when `path` already exists (it is never
    ///   overwritten); `SQLITE_MISUSE` when the context is not `.plus`; SQLite's error when the
    ///   copy fails (`SQLITE_FULL` on a full disk, see `recoveringExportCode(on:)`), in which
    ///   case no file is left at `path`. A process killed meanwhile leaves nothing at `path`
    ///   either: at most a hidden `.NAME.<UUID>.portablesql-tmp` beside it (mode 0600), which the
    ///   next copy to `path` removes first.
    public func export(_ path: String, key: String?) throws {
        try exportCopy(to: path, key: key.flatMap { $0.isEmpty ? nil : SQLCipherKey.passphrase($0) })
    }

    /// Writes a copy of the whole database to `path`, encrypted with `key` (a passphrase or a raw key).
    ///
    /// - Throws: as `export(_:key:)` with a passphrase.
    public func export(_ path: String, key: SQLCipherKey) throws {
        try exportCopy(to: path, key: key)
    }

    /// Writes a copy of the whole database to `path`, encrypted with `key`, plain when `nil`.
    func exportCopy(to path: String, key: SQLCipherKey?) throws {
        try key?.validate()
        _ = try cipherLibrary(for: "export()")
        try writingNewFile(at: path, copying: "main", for: "export") { temporary in
            try export(intoEmptyFile: temporary, key: key)
        }
    }

    /// Copies the whole database, `user_version` included, into the empty file at `path`,
    /// encrypted with `key`, plain when `nil`, with `sqlcipher_export`.
    ///
    /// - Throws: `SQLError` as `export(_:key:)`.
    func export(intoEmptyFile path: String, key: SQLCipherKey?) throws {
        let engine = try cipherLibrary(for: "export()").library.engine
        let version = try getUserVersion()
        let schema = "portablesql_export"
        try exec(sql: "ATTACH DATABASE ? AS \(schema) KEY ?", parameters: [.text(path), .text(key?.keyText ?? "")])
        do {
            _ = try reportingCopySteps { try withoutTrace { try selectAll(sql: "SELECT sqlcipher_export('\(schema)')") } }
            try exec(sql: "PRAGMA \(schema).user_version = \(version)")
        } catch {
            try? exec(sql: "DETACH DATABASE \(schema)")
            throw (error as? SQLError)?.recoveringExportCode(on: engine) ?? error
        }
        try exec(sql: "DETACH DATABASE \(schema)")
    }

    /// Reads the schema, so that a wrong key shows at once.
    func checkKey() throws {
        _ = try selectAll(sql: "SELECT count(*) FROM sqlite_master")
    }

    /// The connection and SQLCipher library of a context on SQLCipher.
    ///
    /// - Throws: `SQLError` when the context is closed, or (`SQLITE_MISUSE`) not on SQLCipher.
    func cipherLibrary(for operation: String) throws -> (connection: OpaquePointer, library: SQLCipherLibrary) {
        let (connection, engine) = try checkOpen()
        guard let library = SQLCipherLibrary(engine: engine) else {
            throw SQLError(code: .misuse, message: "\(operation) needs a context opened with configuration: .plus (SQLCipher); this one runs on \(engine.name)")
        }
        return (connection, library)
    }
}
