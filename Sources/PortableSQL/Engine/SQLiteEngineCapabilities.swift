/// What an engine can do beyond running SQL, as one set that every part of PortableSQL asks.
///
/// The system SQLite has `.localFiles` and `.changeReports`; SQLCipher adds `.encryption`; a
/// dqlite cluster has none of them (its nodes keep the files and run the statements).
package struct SQLiteEngineCapabilities: OptionSet, Sendable {
    /// The raw bits of the set.
    package let rawValue: UInt8

    /// Makes a set from its raw bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Database names are paths of files on this machine: `SQLContext` checks a path before it
    /// opens it (a FIFO would hang), and a closing pool copies its WAL into the file.
    package static let localFiles = SQLiteEngineCapabilities(rawValue: 1 << 0)
    /// The engine calls commit, rollback and update hooks for the statements it runs, so
    /// change observation (`observeChanges`, `observe`) can work.
    package static let changeReports = SQLiteEngineCapabilities(rawValue: 1 << 1)
    /// The engine encrypts: it takes keys through its function table (`sqlite3_key`,
    /// `sqlite3_rekey`), `PRAGMA key` and URI keys. An engine without it refuses a key rather
    /// than write the data in clear.
    package static let encryption = SQLiteEngineCapabilities(rawValue: 1 << 2)
}
