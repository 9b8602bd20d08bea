// The operations that PowerLossTests traces besides the rewrites and copies: a rekey, a
// migration and a pool's writes with its WAL checkpoints.
import Foundation
import PortableSQLPlus

/// The key `rekey-in-place` gives the database (`RewriteForm.rekeyed` in ReliabilityTests).
func otherKey() -> SQLCipherKey { .raw(Data(repeating: 0xA5, count: 32)) }

/// Re-encrypts the database at `source` from `helperKey()` to `otherKey()`, in place.
func rekey(_ source: String) throws {
    let context = try open(source, engine: "plus")
    defer { try? context.close() }
    try context.rekey(otherKey())
}

/// Brings the plain database at `source` (table `item (n, body)`, `user_version` 7) to version 9
/// on the system SQLite: 8 adds a column filled from every row, 9 rebuilds the table with an index.
func migrate(_ source: String) throws {
    let context = try SQLContext(path: source)
    defer { try? context.close() }
    try context.migrate([
        SQLMigration(version: 8, name: "size", sql: "ALTER TABLE item ADD COLUMN size INTEGER NOT NULL DEFAULT 0; UPDATE item SET size = length(body)"),
        SQLMigration(version: 9, name: "rebuild", sql: """
            CREATE TABLE item_new (n INTEGER PRIMARY KEY, body TEXT NOT NULL, size INTEGER NOT NULL);
            INSERT INTO item_new SELECT n, body, size FROM item;
            DROP TABLE item;
            ALTER TABLE item_new RENAME TO item;
            CREATE INDEX item_size ON item (size)
            """),
    ])
}

/// Opens a pool on the encrypted database at `source` (`helperKey()`), whose writer checkpoints
/// the WAL every 16 pages, and commits `poolBatches` writes, each copying the first
/// `poolBatchRows` rows of `item` to new rows and reporting "committed N" once it returned;
/// then closes the pool, which checkpoints the WAL into the file and removes it.
func poolWrites(_ source: String) throws {
    let pool = try SQLContextPool(path: source, configuration: .plus) { context in
        try context.key(helperKey())
        _ = try context.selectAll(sql: "PRAGMA wal_autocheckpoint = 16")
    }
    for batch in 1...poolBatches {
        try pool.write { context in
            try context.exec(sql: "INSERT INTO item (body) SELECT body FROM item ORDER BY n LIMIT \(poolBatchRows)")
        }
        report("committed \(batch)")
    }
    try pool.close()
}

/// The writes of `pool-writes`, and the rows each adds (`PowerLossTests` counts on both).
let poolBatches = 8
let poolBatchRows = 100
