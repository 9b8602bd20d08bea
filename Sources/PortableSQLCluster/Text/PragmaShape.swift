import PortableSQL

/// What a PRAGMA does on a cluster, read from its name and form: dqlite replicates only what
/// is sent as an EXEC, so a pragma is sent as a QUERY only when it is known to write nothing
/// to the database, and the pragmas that would break the nodes' WAL are refused.
struct PragmaShape {
    /// Whether the pragma is sent as a QUERY: it reads, or it changes a setting of the leader's
    /// connection and returns the new value as a row.
    let returnsRows: Bool
    /// Why a cluster cannot run the pragma, when it cannot.
    let unavailable: String?

    /// Pragmas that take an argument in parentheses and only read.
    private static let readsWithArgument: Set<String> = [
        "TABLE_INFO", "TABLE_XINFO", "INDEX_INFO", "INDEX_XINFO", "INDEX_LIST", "FOREIGN_KEY_LIST", "FOREIGN_KEY_CHECK",
        "INTEGRITY_CHECK", "QUICK_CHECK", "TABLE_LIST",
    ]
    /// Pragmas that set something of the leader's connection alone (never the database file)
    /// and answer the new value as a row.
    private static let connectionSettingsAnsweringARow: Set<String> = [
        "BUSY_TIMEOUT", "SECURE_DELETE", "JOURNAL_SIZE_LIMIT", "MAX_PAGE_COUNT", "SOFT_HEAP_LIMIT", "HARD_HEAP_LIMIT", "THREADS",
        "ANALYSIS_LIMIT", "MMAP_SIZE",
    ]
    /// Pragmas that write to the database without an argument.
    private static let writesWithoutArgument: Set<String> = ["INCREMENTAL_VACUUM", "OPTIMIZE", "SHRINK_MEMORY"]
    /// Pragmas whose change the nodes' WAL cannot take: dqlite keeps every database in WAL
    /// mode, with its own checkpoints, in one connection's locking mode.
    private static let refusedChanges: Set<String> = ["WAL_AUTOCHECKPOINT", "LOCKING_MODE", "JOURNAL_MODE"]

    /// Reads the pragma of `words`, the scanned statement (its first word is PRAGMA).
    init(_ words: SQLTokens) {
        let named = words.count > 3 && words[2].kind == .dot ? 3 : 1
        let name = named < words.count && words[named].kind == .word ? words.text(words[named]).uppercased() : ""
        let assigned = words.contains { $0.kind == .symbol && words.text($0) == "=" }
        let hasArgument = assigned || words.contains { $0.kind == .openParenthesis }
        if name == "WAL_CHECKPOINT" {
            unavailable = "PRAGMA wal_checkpoint is not available on a cluster: dqlite checkpoints the nodes' WAL itself"
        } else if hasArgument, Self.refusedChanges.contains(name), !(name == "JOURNAL_MODE" && Self.setsWAL(words)) {
            unavailable = "PRAGMA \(name.lowercased()) cannot be changed on a cluster: dqlite keeps every database in WAL mode, with its own checkpoints and locking"
        } else {
            unavailable = nil
        }
        if hasArgument {
            returnsRows = Self.readsWithArgument.contains(name) || Self.connectionSettingsAnsweringARow.contains(name) || name == "JOURNAL_MODE"
        } else {
            returnsRows = !Self.writesWithoutArgument.contains(name)
        }
    }

    /// Whether the argument is WAL, the mode a cluster's databases are always in.
    private static func setsWAL(_ words: SQLTokens) -> Bool {
        guard let last = words.last, last.isName else { return false }
        return words.name(last).uppercased() == "WAL"
    }
}
