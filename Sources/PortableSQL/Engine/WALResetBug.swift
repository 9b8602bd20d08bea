/// SQLite's WAL-reset bug (<https://www.sqlite.org/wal.html#walresetbug>): in SQLite 3.7.0 to
/// 3.51.2, two connections that write or checkpoint one WAL database at the same moment can, in
/// a rare race, leave it corrupt; 3.51.3 fixed it. The system SQLite of Debian 12 (3.40.1) and
/// SQLCipher 4.6.1 (SQLite 3.46.1) have it.
///
/// A `SQLContextPool` is safe from it on its own: one writer connection makes every write and
/// every checkpoint, one at a time, and its readers open read-only, so they can do neither.
/// What remains is another process, another pool or another `SQLContext` writing the same file.
enum WALResetBug {
    /// The versions that have the bug, as `sqlite3_libversion_number` gives them.
    static let affectedVersions: Range<Int32> = 3_007_000..<3_051_003

    /// The warning for an engine of SQLite `version` (`versionNumber`); `nil` when it does not
    /// have the bug.
    static func warning(version: String, versionNumber: Int32) -> String? {
        guard affectedVersions.contains(versionNumber) else { return nil }
        return "SQLite \(version) has the WAL-reset bug of SQLite 3.7.0 to 3.51.2 (fixed in 3.51.3): "
            + "two connections writing or checkpointing one WAL database at the same moment can corrupt it; "
            + "let one pool (or one connection) write the file, and no other process"
    }
}

extension SQLContext {
    /// What to say of SQLite's WAL-reset bug on this context's engine (`WALResetBug`); `nil`
    /// when the engine does not have it or could not be loaded.
    package var walResetBugWarning: String? {
        WALResetBug.warning(version: version, versionNumber: versionNumber)
    }
}
