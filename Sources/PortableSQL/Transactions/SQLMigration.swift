/// One step of a schema migration: the schema version it brings the database to, and what it does.
///
/// Give `SQLContext.migrate(_:)` the whole list, oldest first; it runs the steps whose version is
/// above the database's `userVersion`.
public struct SQLMigration {
    /// The schema version after this step; versions start at 1, increase, and are at most
    /// `Int32.max` (`SQLContext.userVersionRange`), as SQLite keeps `user_version` in 32 bits.
    public let version: Int64
    /// A name for messages, such as "add notes column".
    public let name: String
    /// What the step does, on the context being migrated, inside the step's transaction.
    public let apply: (SQLContext) throws -> Void

    /// A step that runs `apply`.
    public init(version: Int64, name: String = "", apply: @escaping (SQLContext) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }

    /// A step that runs a SQL script (one statement or several, separated by `;`).
    public init(version: Int64, name: String = "", sql: String) {
        self.init(version: version, name: name) { context in try context.execute(script: sql) }
    }
}

extension SQLContext {
    /// The database's schema version, `PRAGMA user_version` (0 for a new database).
    ///
    /// The property cannot throw: on a closed context or an unreadable file the getter returns 0
    /// and the setter does nothing. A value outside `userVersionRange`, which SQLite would cut
    /// to its low 32 bits, is refused the same way: the version stays as it was. Use
    /// `getUserVersion()` and `setUserVersion(_:)` where a failure must be seen.
    public var userVersion: Int64 {
        get { (try? getUserVersion()) ?? 0 }
        set { try? setUserVersion(newValue) }
    }

    /// Reads `PRAGMA user_version`.
    ///
    /// - Throws: `SQLError` when the database cannot be read (closed, not a database, wrong key).
    public func getUserVersion() throws -> Int64 {
        try selectAll(sql: "PRAGMA user_version").first?.first?.longValue ?? 0
    }

    /// The versions that `PRAGMA user_version` holds: SQLite keeps a signed 32-bit integer, and
    /// would store only the low 32 bits of a larger one.
    public static let userVersionRange = Int64(Int32.min)...Int64(Int32.max)

    /// Writes `PRAGMA user_version`.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`), naming the limit, when `version` is outside
    ///   `userVersionRange`, before anything is written; `SQLError` when the database cannot be
    ///   written (closed, read-only, …).
    public func setUserVersion(_ version: Int64) throws {
        guard Self.userVersionRange.contains(version) else {
            throw SQLError(code: .misuse, message: "user_version \(version) is out of range: SQLite keeps a 32-bit integer, from \(Int32.min) to \(Int32.max)")
        }
        try exec(sql: "PRAGMA user_version = \(version)")
    }

    /// Brings the schema up to date: runs, in order, each step whose version is above
    /// `userVersion`, each in its own immediate transaction together with the bump of
    /// `userVersion` to its version. A step that throws is rolled back alone: the version stays
    /// at the last step that succeeded, and the error is thrown. A step must not end the
    /// transaction itself: a COMMIT or END in its SQL (or a ROLLBACK followed by writes) is
    /// refused, and the whole step rolled back, so that it can run again once fixed.
    ///
    /// When foreign keys are enforced, each step runs with enforcement off, as SQLite's
    /// ALTER TABLE documentation prescribes, so that rebuilding a table (create the new one,
    /// copy, drop the old one, rename) does not cascade deletes to its child rows; before the
    /// step commits, `PRAGMA foreign_key_check` must find no violation, else the step is rolled
    /// back. Enforcement is put back as it was after each step, whether it succeeded or not.
    ///
    /// Returns the versions applied (empty when the schema was current).
    /// - Throws: `SQLError` (`SQLITE_MISUSE`), before any step runs, when the steps' versions are
    ///   not positive and strictly increasing or one is above `Int32.max` (SQLite's
    ///   `user_version` is 32 bits); `SQLError` (`SQLITE_ERROR`) when the database's version is above the
    ///   newest step (a newer app wrote it), leaving it untouched; `SQLError`
    ///   (`SQLITE_CONSTRAINT_FOREIGNKEY`) when foreign keys are enforced and a step leaves rows
    ///   whose parent is missing, naming the first ones; `SQLError` (`SQLITE_MISUSE`) when a step
    ///   ended its transaction (rolled back as a whole); what a failing step throws.
    @discardableResult
    public func migrate(_ steps: [SQLMigration]) throws -> [Int64] {
        var previous: Int64 = 0
        for step in steps {
            guard step.version > previous else {
                throw SQLError(code: .misuse, message: "migration versions must be positive and increasing; \(step.version) follows \(previous)")
            }
            guard step.version <= Int64(Int32.max) else {
                throw SQLError(code: .misuse, message: "migration version \(step.version) is above \(Int32.max), the largest user_version SQLite keeps (32 bits); number steps 1, 2, 3… or by date as YYYYMMDD")
            }
            previous = step.version
        }
        let current = try getUserVersion()
        guard current <= previous else {
            throw SQLError(code: .error, message: "the database's schema version \(current) is newer than the newest migration known here (\(previous)); refusing to touch it")
        }
        var applied: [Int64] = []
        for step in steps where step.version > current {
            try withForeignKeysDeferred { enforced in
                try transaction(.immediate) {
                    try inOwnedTransaction("migration \(step.version)\(step.name.isEmpty ? "" : " (\(step.name))")") {
                        try step.apply(self)
                        if enforced { try checkForeignKeys(after: step) }
                        try setUserVersion(step.version)
                    }
                }
            }
            applied.append(step.version)
        }
        return applied
    }
}
