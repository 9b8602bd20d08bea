import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// A pool's durability (`PRAGMA synchronous`) is SQLite's default unless `prepareConnection`
/// sets it, and then it holds on the writer, the readers and a writer opened again.
@Suite struct PoolDurabilityTests {
    /// `PRAGMA synchronous` as the writer and a reader see it: 1 is NORMAL, 2 is FULL, 0 is OFF.
    private func levels(_ pool: SQLContextPool) throws -> (writer: Int64?, reader: Int64?) {
        let writer = try pool.write { try $0.selectAll(sql: "PRAGMA synchronous")[0][0].longValue }
        let reader = try pool.read { try $0.selectAll(sql: "PRAGMA synchronous")[0][0].longValue }
        return (writer, reader)
    }

    private static let normal: @Sendable (SQLContext) throws -> Void = { try $0.exec(sql: "PRAGMA synchronous = NORMAL") }

    @Test func normalSetByPrepareConnectionHoldsOnEveryConnection() throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("normal.db"), prepareConnection: Self.normal)
        defer { try? pool.close() }
        let before = try levels(pool)
        #expect(before.writer == 1 && before.reader == 1)
        // A writer closed by its closure is opened again, and prepared again.
        #expect(throws: SQLError.self) { try pool.write { try $0.close() } }
        #expect(try levels(pool).writer == 1)
    }

    @Test func theDefaultIsSQLitesFull() throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("default.db"))
        defer { try? pool.close() }
        let seen = try levels(pool)
        #expect(seen.writer == 2 && seen.reader == 2)
    }

    @Test func normalCommitsSurviveTheirPool() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("kept.db")
        let pool = try SQLContextPool(path: path, prepareConnection: Self.normal)
        try pool.write { try $0.exec(sql: "CREATE TABLE item (n INTEGER NOT NULL)") }
        for n in 1...50 { try pool.write { try $0.exec(sql: "INSERT INTO item VALUES (?)", parameters: [.long(Int64(n))]) } }
        try pool.close()
        #expect(try sqlite3(path, "SELECT count(*), sum(n) FROM item;") == "50|1275\n")
    }
}
