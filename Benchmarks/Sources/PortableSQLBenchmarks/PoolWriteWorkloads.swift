import Foundation
import GRDB
import PortableSQL

/// W9: one-row writes through a pool, each its own transaction, at equal durability: GRDB's
/// `DatabasePool` (which sets `synchronous = NORMAL` in WAL) beside PortableSQL's
/// `SQLContextPool` with its default (SQLite's FULL) and with `PRAGMA synchronous = NORMAL` set by
/// `prepareConnection`.
///
/// A commit's cost is mostly the disk's: run it on a real disk, not with `TMPDIR=/dev/shm`,
/// where `fsync` costs nothing. The checksum is the number of rows the writes changed.
enum PoolWriteWorkload {
    /// Writes in one run.
    static let writes = 1_000
    static let createSQL = "CREATE TABLE IF NOT EXISTS entry (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)"
    static let insertSQL = "INSERT INTO entry (value) VALUES (?)"
}

extension Portable {
    /// A pool on a new file at `path` with the table W9 writes, with `PRAGMA synchronous = NORMAL`
    /// when `normal`, SQLite's default otherwise.
    static func makeWritePool(path: String, normal: Bool) throws -> SQLContextPool {
        let pool = try normal
            ? SQLContextPool(path: path, maximumReaderCount: 4) { try $0.exec(sql: "PRAGMA synchronous = NORMAL") }
            : SQLContextPool(path: path, maximumReaderCount: 4)
        try pool.write { try $0.exec(sql: PoolWriteWorkload.createSQL) }
        return pool
    }

    static func poolWrites(_ pool: SQLContextPool) throws -> Int64 {
        var changed: Int64 = 0
        for value in 0..<PoolWriteWorkload.writes {
            changed += try pool.write { db in
                try db.exec(sql: PoolWriteWorkload.insertSQL, parameters: [.long(Int64(value))])
                return Int64(db.changes)
            }
        }
        return changed
    }
}

extension GRDBContender {
    /// A pool on a new file at `path` with the table W9 writes.
    static func makeWritePool(path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.maximumReaderCount = 4
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { try $0.execute(sql: PoolWriteWorkload.createSQL) }
        return pool
    }

    static func poolWrites(_ pool: DatabasePool) throws -> Int64 {
        var changed: Int64 = 0
        for value in 0..<PoolWriteWorkload.writes {
            changed += try pool.write { db in
                try db.execute(sql: PoolWriteWorkload.insertSQL, arguments: [Int64(value)])
                return Int64(db.changesCount)
            }
        }
        return changed
    }
}
