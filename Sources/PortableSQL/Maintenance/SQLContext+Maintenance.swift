extension SQLContext {
    /// Checks the database `schema` (`PRAGMA integrity_check`, or the faster `quick_check` that
    /// skips matching indexes to their tables), reporting at most `maximumProblems` problems.
    ///
    /// ```swift
    /// let report = try db.integrityCheck()
    /// if !report.isOK { print(report.problems.joined(separator: "\n")) }
    /// ```
    /// - Throws: `SQLError` when the check cannot run: the file is not a database (or its key
    ///   is wrong), is damaged past reading (`SQLITE_CORRUPT`), there is no schema `schema`, or
    ///   the context is closed. On SQLCipher a page whose HMAC fails stops the check with an
    ///   error: run `cipherIntegrityCheck()` of PortableSQLPlus first, which names such pages.
    public func integrityCheck(schema: String = "main", quick: Bool = false, maximumProblems: Int = 100) throws -> SQLIntegrityReport {
        let pragma = quick ? "quick_check" : "integrity_check"
        let rows = try selectAll(sql: "PRAGMA \(schema.quotedIdentifier).\(pragma)(\(max(1, maximumProblems)))")
        let lines = rows.compactMap { $0.first?.textValue }
        return SQLIntegrityReport(problems: lines == ["ok"] ? [] : lines)
    }

    /// Writes a compacted copy of the database `schema` to a new file at `path` (`VACUUM INTO`),
    /// while this context and others go on using the database. On SQLCipher the copy is
    /// encrypted with the database's own key. The copy has the permission bits of the
    /// database's file (see `writingNewFile(at:copying:for:replacing:_:)`).
    ///
    /// - Throws: `SQLError`: `SQLITE_CANTOPEN` when a file exists at `path` (it is never
    ///   overwritten); `SQLITE_ERROR` on an engine older than SQLite 3.27, which has no
    ///   `VACUUM INTO`, or inside a transaction; SQLite's error when the copy fails, in which
    ///   case no file is left at `path`. A process killed meanwhile leaves nothing at `path`
    ///   either: at most a hidden `.NAME.<UUID>.portablesql-tmp` beside it (mode 0600), which the
    ///   next copy to `path` removes first.
    public func vacuum(into path: String, schema: String = "main") throws {
        _ = try checkOpen()
        guard versionNumber >= 3_027_000 else {
            throw SQLError(code: .error, message: "VACUUM INTO needs SQLite 3.27 or later; this engine is SQLite \(version)")
        }
        try writingNewFile(at: path, copying: schema, for: "vacuum") { temporary in
            try exec(sql: "VACUUM \(schema.quotedIdentifier) INTO ?", parameters: [.text(temporary)])
        }
    }
}
