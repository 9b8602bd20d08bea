extension SQLContext {
    /// Runs `body` with foreign-key enforcement switched off, as SQLite's ALTER TABLE
    /// documentation prescribes for schema changes: a table rebuilt by "create the new table,
    /// copy, drop the old one, rename" would otherwise run `ON DELETE CASCADE` (or
    /// `SET NULL`) on every child row when the old table is dropped.
    ///
    /// `PRAGMA foreign_keys` is read, switched off (before `body` opens its transaction: SQLite
    /// ignores the pragma inside one), and put back as it was when `body` returns or throws.
    /// `body` is told whether enforcement was on, so that it checks the keys itself (see
    /// `checkForeignKeys(after:)`) before it commits. Inside an outer transaction SQLite cannot
    /// switch enforcement off; the check still refuses a step that leaves violations.
    ///
    /// - Throws: `SQLError` when the pragma cannot be read or set, and what `body` throws.
    func withForeignKeysDeferred<Result>(_ body: (_ enforced: Bool) throws -> Result) throws -> Result {
        let enforced = try selectAll(sql: "PRAGMA foreign_keys").first?.first?.longValue == 1
        guard enforced else { return try body(false) }
        try exec(sql: "PRAGMA foreign_keys = OFF")
        let result: Result
        do {
            result = try body(true)
        } catch {
            try? exec(sql: "PRAGMA foreign_keys = ON")
            throw error
        }
        try exec(sql: "PRAGMA foreign_keys = ON")
        return result
    }

    /// Runs `PRAGMA foreign_key_check` and refuses a migration step that leaves rows whose
    /// foreign key has no parent.
    ///
    /// - Throws: `SQLError` (`SQLITE_CONSTRAINT_FOREIGNKEY`) naming the step and its first
    ///   violations (table, rowid, parent table), so that the step's transaction is rolled back;
    ///   `SQLError` when the check cannot run.
    func checkForeignKeys(after step: SQLMigration) throws {
        let violations = try selectAll(sql: "PRAGMA foreign_key_check")
        guard !violations.isEmpty else { return }
        let shown = violations.prefix(5).map { row in
            let table = row.first?.textValue ?? "?"
            let rowid = row.count > 1 ? row[1].longValue.map(String.init) ?? "NULL" : "?"
            let parent = row.count > 2 ? row[2].textValue ?? "?" : "?"
            return "\(table) rowid \(rowid) has no parent in \(parent)"
        }
        let more = violations.count > shown.count ? " (and \(violations.count - shown.count) more)" : ""
        let name = step.name.isEmpty ? "" : " (\(step.name))"
        throw SQLError(
            code: .constraintForeignKey,
            message: "migration \(step.version)\(name) was rolled back: it leaves \(violations.count) row(s) whose foreign key has no parent: \(shown.joined(separator: "; "))\(more)"
        )
    }
}
