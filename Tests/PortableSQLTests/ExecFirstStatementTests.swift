import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

// `exec`, `prepare` and `selectAll` run the first statement of their text, as SkipSQL's do (it
// prepares the text once); `execute(script:)` runs every statement; `.singleStatements` refuses.
@Suite struct ExecFirstStatementTests {
    @Test(arguments: TestEngine.both)
    func execRunsOnlyTheFirstStatementAsSkipSQLDoes(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        var traced: [String] = []
        db.trace { traced.append($0) }
        try db.exec(sql: "CREATE TABLE t (v); INSERT INTO t VALUES (1); DROP TABLE t")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t") == [[0]])
        #expect(traced.first == "CREATE TABLE t (v);")
        // What follows the first statement is never read: not even a syntax error there is seen.
        try db.exec(sql: "INSERT INTO t VALUES (?); SELEKT garbage", parameters: [7])
        #expect(try db.selectAll(sql: "SELECT v FROM t; SELECT 99") == [[7]])
        #expect(try db.prepare(sql: "SELECT v FROM t; DELETE FROM t").sql == "SELECT v FROM t;")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t") == [[1]])
        // An app's migration of several CREATE INDEX statements, two with the same name: on
        // SkipSQL one index is made and the app goes on; so here.
        try db.exec(sql: "CREATE INDEX t_v ON t (v); CREATE INDEX t_v ON t (v); CREATE INDEX t_w ON t (v)")
        #expect(try db.selectAll(sql: "SELECT name FROM sqlite_master WHERE type = 'index'") == [["t_v"]])
    }

    @Test(arguments: TestEngine.both)
    func executeScriptRunsEveryStatementAndStopsAtTheFirstFailure(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        try db.execute(script: """
            CREATE TABLE t (v UNIQUE);
            INSERT INTO t VALUES (1);
            INSERT INTO t VALUES (2); -- a comment between statements
            """)
        #expect(try db.selectAll(sql: "SELECT sum(v) FROM t") == [[3]])
        let error = try #require(throws: SQLError.self) {
            try db.execute(script: "INSERT INTO t VALUES (3); INSERT INTO t VALUES (1); INSERT INTO t VALUES (4)")
        }
        #expect(error.resultCode == .constraint && error.sql?.trimmingCharacters(in: .whitespaces) == "INSERT INTO t VALUES (1);")
        #expect(try db.selectAll(sql: "SELECT v FROM t ORDER BY v") == [[1], [2], [3]])
        try db.execute(script: " -- nothing to run\n ;")
        let closed = try SQLContext(path: nil)
        try closed.close()
        #expect(throws: SQLError.self) { try closed.execute(script: "SELECT 1") }
    }

    @Test func singleStatementsRefusesASecondStatementNamingTheScriptCall() throws {
        let db = try SQLContext(path: nil, configuration: .platform.strict(.singleStatements))
        defer { try? db.close() }
        let error = try #require(throws: SQLError.self) { try db.exec(sql: "CREATE TABLE t (v); INSERT INTO t VALUES (1)") }
        #expect(error.resultCode == .misuse && error.message.contains("execute(script:)"))
        #expect(try db.selectAll(sql: "SELECT count(*) FROM sqlite_master") == [[0]])
        #expect(throws: SQLError.self) { try db.prepare(sql: "SELECT 1; SELECT 2") }
        #expect(throws: SQLError.self) { try db.selectAll(sql: "SELECT 1; SELECT 2") }
        // A trailing semicolon or comment is no second statement.
        try db.exec(sql: "CREATE TABLE t (v); -- done")
        try db.execute(script: "INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t;") == [[2]])
    }

    @Test func emptyTextIsRefusedByExecAsByPrepare() throws {
        let db = try SQLContext(path: nil)
        defer { try? db.close() }
        for text in ["", "   ", "-- only a comment", ";"] {
            let error = try #require(throws: SQLError.self) { try db.exec(sql: text) }
            #expect(error.resultCode == .misuse)
        }
    }

    @Test func aKeyStatementAfterTheFirstIsNeverRunOnAnEngineWithoutEncryption() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("plain.db"))
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t (v); PRAGMA key = 'secret'")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t") == [[0]])
        let refused = try #require(throws: SQLError.self) { try db.execute(script: "INSERT INTO t VALUES (1); PRAGMA key = 'secret'") }
        #expect(refused.resultCode == .misuse && !(refused.description + refused.debugDescription).contains("secret"))
    }
}
