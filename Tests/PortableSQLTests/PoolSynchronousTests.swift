import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// `SQLContextPool.Configuration.synchronous`: set on the writer, the readers and a writer
/// opened again; left alone when nil.
@Suite struct PoolSynchronousTests {
    /// `PRAGMA synchronous` as the writer and a reader see it: 1 is NORMAL, 2 is FULL, 0 is OFF.
    private func levels(_ pool: SQLContextPool) throws -> (writer: Int64?, reader: Int64?) {
        let writer = try pool.write { try $0.selectAll(sql: "PRAGMA synchronous")[0][0].longValue }
        let reader = try pool.read { try $0.selectAll(sql: "PRAGMA synchronous")[0][0].longValue }
        return (writer, reader)
    }

    @Test func normalIsSetOnEveryConnection() throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("normal.db"), configuration: .init(synchronous: .normal))
        defer { try? pool.close() }
        let before = try levels(pool)
        #expect(before.writer == 1 && before.reader == 1)
        // A writer closed by its closure is opened again with the same setting.
        #expect(throws: SQLError.self) { try pool.write { try $0.close() } }
        #expect(try levels(pool).writer == 1)
    }

    @Test func fullOverridesWhatPrepareConnectionSet() throws {
        let directory = try TemporaryDirectory()
        let configuration = SQLContextPool.Configuration(
            prepareConnection: { try $0.exec(sql: "PRAGMA synchronous = OFF") }, synchronous: .full)
        let pool = try SQLContextPool(path: directory.path("full.db"), configuration: configuration)
        defer { try? pool.close() }
        let seen = try levels(pool)
        #expect(seen.writer == 2 && seen.reader == 2)
    }

    @Test func nilLeavesSQLitesDefaultAndPrepareConnectionsChoice() throws {
        let directory = try TemporaryDirectory()
        let plain = try SQLContextPool(path: directory.path("default.db"))
        let seenPlain = try levels(plain)
        try plain.close()
        #expect(seenPlain.writer == 2 && seenPlain.reader == 2)
        let chosen = try SQLContextPool(
            path: directory.path("chosen.db"), configuration: .init(prepareConnection: { try $0.exec(sql: "PRAGMA synchronous = OFF") }))
        defer { try? chosen.close() }
        let seenChosen = try levels(chosen)
        #expect(seenChosen.writer == 0 && seenChosen.reader == 0)
    }

    @Test func normalCommitsSurviveTheirPool() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("kept.db")
        let pool = try SQLContextPool(path: path, configuration: .init(synchronous: .normal))
        try pool.write { try $0.exec(sql: "CREATE TABLE item (n INTEGER NOT NULL)") }
        for n in 1...50 { try pool.write { try $0.exec(sql: "INSERT INTO item VALUES (?)", parameters: [.long(Int64(n))]) } }
        try pool.close()
        #expect(try sqlite3(path, "SELECT count(*), sum(n) FROM item;") == "50|1275\n")
    }
}
