extension SQLContextPool {
    /// How long a pool's commit waits for the disk: SQLite's `PRAGMA synchronous`, which
    /// `Configuration.synchronous` sets on every connection of the pool.
    ///
    /// In WAL mode, which a pool always uses, both keep the database consistent after a crash of
    /// the program, of the operating system or of the power. They differ in what such a crash of
    /// the system can cost:
    /// - `.full` (SQLite's default): the WAL is synced at every commit, so a write that
    ///   returned survives a power loss.
    /// - `.normal` (what GRDB's `DatabasePool` uses): the WAL is synced only at checkpoints. A
    ///   power loss or system crash may roll back the last writes that returned before it; a
    ///   crash of the program alone loses nothing. Commits are cheaper by one `fsync`.
    public enum Synchronous: String, Sendable {
        /// `PRAGMA synchronous = FULL`: every committed write survives a power loss.
        case full = "FULL"
        /// `PRAGMA synchronous = NORMAL`: the last commits before a power loss may roll back.
        case normal = "NORMAL"
    }
}
