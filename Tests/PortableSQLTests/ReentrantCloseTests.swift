import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// `close()` called from inside a callback that SQLite is running: the closing waits until SQLite
/// has returned, so nothing is freed under it; the call ends with a clear error, the context (or
/// statement) reports closed, and the file keeps what was committed.
@Suite(.serialized) struct ReentrantCloseTests {
    /// The rows committed to table `t` before each test closes from a callback.
    private static let committedRows: [[SQLValue]] = [[.long(1)], [.long(2)], [.long(3)]]

    /// Opens a file in `directory` on `engine` holding the committed rows.
    private func seededDatabase(_ engine: TestEngine, in directory: TemporaryDirectory) throws -> SQLContext {
        let db = try engine.openScratch(in: directory)
        try db.exec(sql: "CREATE TABLE t (x INTEGER)")
        try db.exec(sql: "INSERT INTO t VALUES (1), (2), (3)")
        return db
    }

    /// Checks that `error` says the context or statement is closed.
    private func expectClosedError(_ error: SQLError) {
        #expect(error.code == .misuse && error.message.contains("is closed"), "\(error)")
    }

    /// Checks that `db` is closed for good, and that a fresh context on the file sees the rows.
    private func expectClosedAndIntact(_ db: SQLContext, _ engine: TestEngine, _ directory: TemporaryDirectory) throws {
        #expect(db.isClosed)
        expectClosedError(try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT x FROM t") })
        expectClosedError(try #require(throws: SQLError.self) { try db.prepare(sql: "SELECT 1") })
        let fresh = try engine.openScratch(in: directory)
        defer { try? fresh.close() }
        #expect(try fresh.selectAll(sql: "SELECT x FROM t ORDER BY x") == Self.committedRows)
        #expect(try fresh.selectAll(sql: "PRAGMA integrity_check") == [[.text("ok")]])
    }

    @Test(arguments: TestEngine.both)
    func closingInsideAScalarFunction(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try seededDatabase(engine, in: directory)
        try db.createFunction("close_now", argumentCount: 0) { _ in
            try db.close()
            return .null
        }
        expectClosedError(try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT close_now() FROM t") })
        try expectClosedAndIntact(db, engine, directory)
    }

    @Test(arguments: TestEngine.both)
    func closingInsideAnAggregateStep(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try seededDatabase(engine, in: directory)
        try db.createAggregate(
            "close_now", argumentCount: 1, initialState: 0,
            step: { count, _ in
                count += 1
                try db.close()
            },
            result: { .long(Int64($0)) })
        expectClosedError(try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT close_now(x) FROM t") })
        try expectClosedAndIntact(db, engine, directory)
    }

    @Test(arguments: TestEngine.both)
    func closingInsideACollation(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try seededDatabase(engine, in: directory)
        try db.createCollation("close_now") { left, right in
            try? db.close()
            return left.compare(right)
        }
        let sql = "SELECT x FROM t ORDER BY CAST(x AS TEXT) COLLATE close_now"
        expectClosedError(try #require(throws: SQLError.self) { try db.selectAll(sql: sql) })
        try expectClosedAndIntact(db, engine, directory)
    }

    @Test(arguments: TestEngine.both)
    func closingInsideTheTraceHook(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try seededDatabase(engine, in: directory)
        db.trace { _ in try? db.close() }
        expectClosedError(try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT x FROM t") })
        try expectClosedAndIntact(db, engine, directory)
    }

    @Test(arguments: TestEngine.both)
    func closingInsideTheProfileHook(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try seededDatabase(engine, in: directory)
        db.profile { _, _ in try? db.close() }
        // The hook runs as the statement finishes: the rows may come back, the context is closed.
        _ = try? db.selectAll(sql: "SELECT x FROM t")
        try expectClosedAndIntact(db, engine, directory)
    }

    @Test(arguments: TestEngine.both)
    func closingInsideTheUpdateHookRollsBackTheOpenTransaction(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try seededDatabase(engine, in: directory)
        db.onUpdate { _, _, _, _ in try? db.close() }
        let error = try #require(throws: SQLError.self) {
            try db.transaction { try db.exec(sql: "INSERT INTO t SELECT x + 10 FROM t") }
        }
        expectClosedError(error)
        try expectClosedAndIntact(db, engine, directory)
    }

    @Test(arguments: TestEngine.both)
    func closingAStatementInsideItsOwnFunction(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try seededDatabase(engine, in: directory)
        defer { try? db.close() }
        var running: SQLStatement?
        try db.createFunction("close_statement", argumentCount: 0) { _ in
            try running?.close()
            return .long(1)
        }
        let statement = try db.prepare(sql: "SELECT close_statement() FROM t")
        running = statement
        expectClosedError(try #require(throws: SQLError.self) {
            while try statement.next() { _ = statement.long(at: 0) }
        })
        #expect(statement.isClosed)
        running = nil
        // The context goes on: the statement was finalized once SQLite returned from it.
        #expect(!db.isClosed)
        try db.exec(sql: "INSERT INTO t VALUES (4)")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t") == [[.long(4)]])
        try db.exec(sql: "DELETE FROM t WHERE x = 4")
        let fresh = try engine.openScratch(in: directory)
        defer { try? fresh.close() }
        #expect(try fresh.selectAll(sql: "SELECT x FROM t ORDER BY x") == Self.committedRows)
    }
}
