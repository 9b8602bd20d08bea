import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// SQLite's WAL-reset bug needs two connections writing or checkpointing one WAL file at the same
/// moment: a pool has one connection that can, and runs its jobs one at a time.
@Suite struct PoolWALResetTests {
    @Test func onlyOneConnectionWritesOrCheckpointsAndNeverTwoJobsAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.db")
        let writable = SharedCount()
        let readOnly = SharedCount()
        // Every commit checkpoints (wal_autocheckpoint = 1), so that checkpoints are as frequent
        // as writes.
        let pool = try SQLContextPool(path: path, maximumReaderCount: 4) { context in
            try context.exec(sql: "PRAGMA wal_autocheckpoint = 1")
            (context.isReadOnly ? readOnly : writable).add()
        }
        try await pool.write { try $0.exec(sql: "CREATE TABLE item (n INTEGER NOT NULL)") }
        let inFlight = SharedCount()
        let overlaps = SharedCount()
        let refusedCheckpoints = SharedCount()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for n in 0..<40 {
                        try await pool.write { db in
                            if inFlight.add() > 1 { overlaps.add() }
                            try db.exec(sql: "INSERT INTO item VALUES (?)", parameters: [.long(Int64(task * 100 + n))])
                            inFlight.add(-1)
                        }
                    }
                }
                group.addTask {
                    for _ in 0..<40 {
                        try await pool.read { db in
                            _ = try db.selectAll(sql: "SELECT count(*) FROM item")
                            // A reader cannot checkpoint (nor write): its connection is read-only.
                            if (try? db.selectAll(sql: "PRAGMA wal_checkpoint(TRUNCATE)")) == nil { refusedCheckpoints.add() }
                            #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO item VALUES (-1)") }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(overlaps.value == 0)
        #expect(writable.value == 1, "one writer connection, opened once")
        #expect(readOnly.value >= 1 && readOnly.value <= 4)
        #expect(refusedCheckpoints.value == 160)
        try pool.close()
        #expect(try sqlite3(path, "PRAGMA integrity_check; SELECT count(*), min(n) FROM item;") == "ok\n160|0\n")
    }

    @Test func theWarningNamesTheAffectedVersions() throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("named.db"))
        defer { try? pool.close() }
        let context = SQLContext()
        let affected = (3_007_000..<3_051_003).contains(context.versionNumber)
        #expect((context.walResetBugWarning != nil) == affected, "SQLite \(context.version)")
        #expect(pool.walResetBugWarning == context.walResetBugWarning)
        if let warning = context.walResetBugWarning {
            #expect(warning.hasPrefix("SQLite \(context.version) has the WAL-reset bug") && warning.contains("fixed in 3.51.3"), "\(warning)")
        }
    }
}
