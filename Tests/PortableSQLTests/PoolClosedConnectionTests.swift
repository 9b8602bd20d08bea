import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// A closure that closes the context a pool handed it: its call throws `SQLITE_MISUSE` (a write
/// is rolled back), and the pool opens a new connection for the next job.
@Suite struct PoolClosedConnectionTests {
    private func expectClosedError(_ error: SQLError) {
        #expect(error.code == .misuse && error.message.contains("closed"), "\(error)")
    }

    /// Runs `sql` through the blocking `write` (in async code Swift picks the async forms).
    private func blockingWrite(_ pool: SQLContextPool, _ sql: String, thenClose: Bool = false) throws {
        try pool.write { db in
            try db.execute(script: sql)
            if thenClose { try db.close() }
        }
    }

    /// The rows of `sql`, through the blocking `read`; the context is closed after when `thenClose`.
    private func blockingRead(_ pool: SQLContextPool, _ sql: String, thenClose: Bool = false) throws -> [[SQLValue]] {
        try pool.read { db in
            let rows = try db.selectAll(sql: sql)
            if thenClose { try db.close() }
            return rows
        }
    }

    @Test func aWriterClosedByItsClosureIsReplaced() async throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("writer.db"))
        try blockingWrite(pool, "CREATE TABLE item (n INTEGER NOT NULL); INSERT INTO item VALUES (1)")
        expectClosedError(try #require(throws: SQLError.self) { try blockingWrite(pool, "INSERT INTO item VALUES (2)", thenClose: true) })
        let asyncError = await #expect(throws: SQLError.self) {
            try await pool.write { db in
                try db.exec(sql: "INSERT INTO item VALUES (3)")
                try db.close()
            }
        }
        expectClosedError(try #require(asyncError))
        // Both writes were rolled back; the pool writes and reads on.
        try blockingWrite(pool, "INSERT INTO item VALUES (4)")
        try await pool.write { try $0.exec(sql: "INSERT INTO item VALUES (5)") }
        #expect(try blockingRead(pool, "SELECT n FROM item ORDER BY n") == [[.long(1)], [.long(4)], [.long(5)]])
        try pool.close()
        #expect(try sqlite3(directory.path("writer.db"), "SELECT group_concat(n) FROM item;") == "1,4,5\n")
    }

    @Test func aReaderClosedByItsClosureIsReplaced() async throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("reader.db"), maximumReaderCount: 1)
        try blockingWrite(pool, "CREATE TABLE item (n INTEGER NOT NULL); INSERT INTO item VALUES (1)")
        expectClosedError(try #require(throws: SQLError.self) { try blockingRead(pool, "SELECT n FROM item", thenClose: true) })
        #expect(try blockingRead(pool, "SELECT count(*) FROM item") == [[.long(1)]])
        let asyncError = await #expect(throws: SQLError.self) {
            try await pool.read { db in try db.close() }
        }
        expectClosedError(try #require(asyncError))
        #expect(try await pool.read { try $0.selectAll(sql: "SELECT count(*) FROM item")[0][0] } == 1)
        try pool.close()
    }
}
