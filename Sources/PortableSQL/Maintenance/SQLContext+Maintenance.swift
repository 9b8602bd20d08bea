import Foundation

extension SQLContext {
    /// Checks the database `schema` (`PRAGMA integrity_check`, or the faster `quick_check` that
    /// skips matching indexes to their tables), reporting at most `maximumProblems` problems.
    ///
    /// Returns each problem found, in SQLite's words; none when the database is sound.
    ///
    /// ```swift
    /// let problems = try db.integrityCheck()
    /// if !problems.isEmpty { print(problems.joined(separator: "\n")) }
    /// ```
    /// - Throws: `SQLError` when the check cannot run: the file is not a database (or its key
    ///   is wrong), is damaged past reading (`SQLITE_CORRUPT`), there is no schema `schema`, or
    ///   the context is closed. On SQLCipher a page whose HMAC fails stops the check with an
    ///   error: run `cipherIntegrityCheck()` of PortableSQLPlus first, which names such pages.
    public func integrityCheck(schema: String = "main", quick: Bool = false, maximumProblems: Int = 100) throws -> [String] {
        let pragma = quick ? "quick_check" : "integrity_check"
        let rows = try selectAll(sql: "PRAGMA \(schema.quotedIdentifier).\(pragma)(\(max(1, maximumProblems)))")
        let lines = rows.compactMap { $0.first?.textValue }
        return lines == ["ok"] ? [] : lines
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

extension SQLContext {
    /// Copies the database `schema` of this context into the database `destinationSchema` of
    /// `destination`, replacing its content, with SQLite's online backup: `pagesPerStep` pages
    /// at a time, so that other connections can read and write the source between steps.
    ///
    /// When another connection writes the source meanwhile, the copy starts over, so that it
    /// always ends as one consistent state; writes through this same context are copied as they
    /// happen. After each step `progress` (when given) hears how far the copy has come: the pages
    /// copied so far and the pages of the source (which change when the source grows; both are
    /// 0 for an empty database). Returning `false` stops it. A busy source is retried for up to this context's
    /// `busyTimeout` each time it is busy. `pagesPerStep` below 1 copies everything in one step.
    ///
    /// ```swift
    /// let copy = try SQLContext(path: backupPath)
    /// try db.backup(to: copy) { copied, total in
    ///     print("\(copied) of \(total) pages")
    ///     return true
    /// }
    /// ```
    /// - Throws: `SQLError`: `SQLITE_INTERRUPT` when `progress` stopped the copy (the destination
    ///   is then left as SQLite leaves an unfinished backup: write to it only after another
    ///   backup); `SQLITE_BUSY` when the source stays locked; SQLite's error when the destination
    ///   is in use or cannot take the copy (SQLCipher refuses to copy between an encrypted and a
    ///   plain database); `SQLITE_MISUSE` when the two contexts run on different engines or one
    ///   is closed.
    public func backup(
        to destination: SQLContext, schema: String = "main", destinationSchema: String = "main",
        pagesPerStep: Int = 100, progress: ((_ copiedPages: Int, _ totalPages: Int) -> Bool)? = nil
    ) throws {
        let (source, engine) = try checkOpen()
        let (target, targetEngine) = try destination.checkOpen()
        guard engine === targetEngine else {
            throw SQLError(code: .misuse, message: "a backup copies between two contexts of one engine; the source runs on \(engine.name), the destination on \(targetEngine.name)")
        }
        guard source != target else {
            throw SQLError(code: .misuse, message: "a database cannot be backed up into its own connection")
        }
        let functions = engine.functions
        guard let backup = functions.backupInit(target, destinationSchema, source, schema) else {
            throw SQLError(engine: engine, connection: target, resultCode: functions.extendedErrcode(target), sql: nil)
        }
        let pages = Int32(clamping: pagesPerStep < 1 ? -1 : pagesPerStep)
        // A busy source is waited for up to `busyTimeout` each time it is busy, not in all.
        var busySince: Date?
        var status: Int32
        var stopped = false
        repeat {
            FileSteps.reach("copying")
            status = functions.backupStep(backup, pages)
            if status == SQLResultCode.busy.rawValue || status == SQLResultCode.locked.rawValue {
                let since = busySince ?? Date()
                busySince = since
                if Date().timeIntervalSince(since) < busyTimeout {
                    Thread.sleep(forTimeInterval: 0.005)
                    status = SQLResultCode.ok.rawValue
                    continue
                }
            }
            busySince = nil
            guard status == SQLResultCode.ok.rawValue || status == SQLResultCode.done.rawValue else { break }
            let total = Int(functions.backupPagecount(backup))
            if let progress, !progress(total - Int(functions.backupRemaining(backup)), total) {
                stopped = status != SQLResultCode.done.rawValue
                break
            }
        } while status == SQLResultCode.ok.rawValue
        let finished = functions.backupFinish(backup)
        if stopped {
            throw SQLError(code: .interrupt, message: "the backup was stopped by its progress handler")
        }
        if status != SQLResultCode.done.rawValue || finished != SQLResultCode.ok.rawValue {
            let code = status == SQLResultCode.done.rawValue ? finished : status
            let error = SQLError(engine: engine, connection: target, resultCode: code, sql: nil)
            throw SQLError(code: error.extendedCode, message: "backup failed: \(error.message)")
        }
    }

    /// Copies the database `schema` into a new file at `path`, with the online backup of
    /// `backup(to:schema:destinationSchema:pagesPerStep:progress:)`, on this context's engine.
    /// The copy and its journal have the permission bits of the database's file (see
    /// `writingNewFile(at:copying:for:replacing:_:)`).
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when a file exists at `path` (a backup never
    ///   overwrites one here; back up into an open context to replace a database), and as
    ///   `backup(to:…)`. On any failure no file is left at `path`. A process killed meanwhile
    ///   leaves nothing at `path` either: at most a hidden `.NAME.<UUID>.portablesql-tmp` beside it
    ///   (mode 0600), which the next copy to `path` removes first.
    public func backup(toPath path: String, schema: String = "main", pagesPerStep: Int = 100, progress: ((_ copiedPages: Int, _ totalPages: Int) -> Bool)? = nil) throws {
        try backup(toPath: path, schema: schema) { destination in
            try backup(to: destination, schema: schema, pagesPerStep: pagesPerStep, progress: progress)
        }
    }

    /// Opens a new file for a copy of the database `schema`, on this context's engine, runs
    /// `copy` into it, and moves it to `path` once complete; the file is made by
    /// `writingNewFile(at:copying:for:replacing:_:)`, so it is no more readable than the source,
    /// and nothing is at `path` when anything fails or the process is killed.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when a file exists at `path`, and what `copy` throws.
    package func backup(toPath path: String, schema: String = "main", _ copy: (SQLContext) throws -> Void) throws {
        let (_, engine) = try checkOpen()
        try writingNewFile(at: path, copying: schema, for: "back up") { temporary in
            let destination = try SQLContext(path: temporary, on: engine)
            defer { destination.closeConnection() }
            try copy(destination)
        }
    }
}
