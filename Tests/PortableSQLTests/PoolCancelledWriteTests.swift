import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// A pool write whose task is cancelled is rolled back unless it has committed, and the caller
/// learns which: `CancellationError` when rolled back, its result when committed.
@Suite struct PoolCancelledWriteTests {
    private func makePool(_ directory: TemporaryDirectory) throws -> SQLContextPool {
        let pool = try SQLContextPool(path: directory.path("cancel.db"))
        try pool.write { try $0.exec(sql: "CREATE TABLE item (n INTEGER NOT NULL)") }
        return pool
    }

    private func itemCount(_ pool: SQLContextPool) throws -> SQLValue {
        try pool.read { try $0.selectAll(sql: "SELECT count(*) FROM item")[0][0] }
    }

    @Test func aWriteCancelledBetweenItsStatementsRollsBackAndThrows() async throws {
        let directory = try TemporaryDirectory()
        let pool = try makePool(directory)
        let inserted = SharedCount()
        let resume = SharedCount()
        let write = Task {
            try await pool.write { db in
                try db.exec(sql: "INSERT INTO item VALUES (1), (2)")
                inserted.add()
                // Waits, between two statements, until the test has cancelled the task.
                while resume.value == 0 { usleep(1_000) }
                try db.exec(sql: "INSERT INTO item VALUES (3)")
                return db.totalChanges
            }
        }
        while inserted.value == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        write.cancel()
        resume.add()
        await #expect(throws: CancellationError.self) { try await write.value }
        #expect(try itemCount(pool) == 0)
        // The writer goes on.
        try await pool.write { try $0.exec(sql: "INSERT INTO item VALUES (4)") }
        #expect(try itemCount(pool) == 1)
        try pool.close()
    }

    @Test func aWriteCancelledAfterItCommittedReturnsItsResult() async throws {
        let directory = try TemporaryDirectory()
        let pool = try makePool(directory)
        let write = Task {
            try await pool.write { db in
                try db.exec(sql: "INSERT INTO item VALUES (1), (2)")
                return db.changes
            }
        }
        let changed = try await write.value
        write.cancel()
        #expect(changed == 2)
        #expect(try itemCount(pool) == 2)
        try pool.close()
    }
}
