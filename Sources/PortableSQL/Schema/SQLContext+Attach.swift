extension SQLContext {
    /// Attaches the database file at `path` under the schema name `name`, so that one statement
    /// can use both: `SELECT … FROM main.note JOIN archive.note …`. The file is created when
    /// missing. On SQLCipher an attached database takes the main database's key; to give it
    /// another (or none), use `attach(path:as:key:)` of PortableSQLPlus.
    ///
    /// ```swift
    /// try db.attach(path: archivePath, as: "archive")
    /// let old = try db.selectAll(sql: "SELECT count(*) FROM archive.note")
    /// ```
    /// - Throws: `SQLError`: `SQLITE_ERROR` when `name` is taken ("main", "temp" or attached
    ///   already) or too many databases are attached; `SQLITE_CANTOPEN` when the file cannot be
    ///   opened, or names a FIFO, socket, device or directory (as `init(path:)` refuses it,
    ///   instead of hanging in `open()`); or when the context is closed. A file that is not a
    ///   database attaches, and throws `SQLITE_NOTADB` on first use.
    public func attach(path: String, as name: String) throws {
        try Self.checkDatabasePath(path, flags: []).get()
        try exec(sql: "ATTACH DATABASE ? AS \(name.quotedIdentifier)", parameters: [.text(path)])
    }

    /// Detaches the database attached as `name`.
    ///
    /// - Throws: `SQLError` (`SQLITE_ERROR`) when nothing is attached as `name`, or inside a
    ///   transaction that uses it; or when the context is closed.
    public func detach(_ name: String) throws {
        try exec(sql: "DETACH DATABASE \(name.quotedIdentifier)")
    }

    /// The databases of this connection, in order: "main", "temp" when used, then the attached
    /// ones, each with its file ("" for in-memory and temporary databases).
    ///
    /// - Throws: `SQLError` when the context is closed.
    public func databases() throws -> [(name: String, path: String)] {
        try selectAll(sql: "PRAGMA database_list").map { row in
            (row[1].textValue ?? "", row[2].textValue ?? "")
        }
    }
}
