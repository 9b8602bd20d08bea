import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

@Suite struct ConnectionTests {
    @Test func foreignKeysAreOffByDefaultAsInSQLiteAndOnWhenStrict() throws {
        #expect(!SQLContext(configuration: .platform).foreignKeysEnabled)
        #expect(SQLContext(configuration: .platform.strict([.checkedReads])).foreignKeysEnabled == false)
        let context = try SQLContext(path: nil, configuration: .platform.strict(.foreignKeys))
        #expect(context.foreignKeysEnabled)
        try context.execute(script: """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent(id) ON DELETE CASCADE);
            INSERT INTO parent VALUES (1); INSERT INTO child VALUES (10, 1);
            """)
        let error = try #require(throws: SQLError.self) { try context.exec(sql: "INSERT INTO child VALUES (11, 99)") }
        #expect(error.extendedCode == .constraintForeignKey)
        try context.exec(sql: "DELETE FROM parent WHERE id = 1")
        #expect(try context.selectAll(sql: "SELECT count(*) FROM child") == [[0]])
        context.foreignKeysEnabled = false
        #expect(!context.foreignKeysEnabled)
        try context.exec(sql: "INSERT INTO child VALUES (12, 99)")
    }

    @Test func traceShowsBoundValuesAsSkipSQLDoesAndHidesThemWhenStrict() throws {
        for (strictness, expected) in [(SQLStrictness(), "INSERT INTO t VALUES ('it''s', 2.5, x'00ff', NULL)"), (.hiddenValuesInTrace, "INSERT INTO t VALUES (?, ?, ?, ?)")] {
            let context = try SQLContext(path: nil, configuration: .platform.strict(strictness))
            let log = ExecutedSQL(context)
            try context.exec(sql: "CREATE TABLE t (a, b, c, d)")
            try context.exec(sql: "INSERT INTO t VALUES (?, ?, ?, ?)", parameters: ["it's", 2.5, .blob(Data([0, 255])), .null])
            log.stop()
            try context.exec(sql: "SELECT 1")
            #expect(log.statements == ["CREATE TABLE t (a, b, c, d)", expected])
        }
    }

    @Test func updateHookReportsRowChanges() throws {
        let context = try SQLContext(path: nil)
        try context.exec(sql: "CREATE TABLE t (v)")
        var events: [String] = []
        context.onUpdate { action, rowID, database, table in
            events.append("\(action) \(database).\(table) \(rowID)")
        }
        try context.exec(sql: "INSERT INTO t VALUES (1)")
        try context.exec(sql: "UPDATE t SET v = 2")
        try context.exec(sql: "DELETE FROM t WHERE v = 2")
        context.onUpdate(hook: nil)
        try context.exec(sql: "INSERT INTO t VALUES (3)")
        #expect(events == ["insert main.t 1", "update main.t 1", "delete main.t 1"])
    }

    @Test func engineFacts() throws {
        let context = try SQLContext(path: nil)
        let cliVersion = try run("/usr/bin/sqlite3", ["-version"]).split(separator: " ").first.map(String.init)
        #expect(context.version == cliVersion)
        #expect(try context.selectAll(sql: "SELECT sqlite_version()") == [[.text(context.version)]])
        #expect(context.compileOptions["THREADSAFE"]?.longValue != nil)
        #expect(context.supports(.jsonFunction))
        #expect(context.supports(.fts5))
        #expect(context.supports(.rightJoin) && context.supports(.fullOuterJoin))
        #expect(!context.supports(.encryption))
        #expect(try context.selectAll(sql: "SELECT json_extract('{\"a\": 5}', '$.a')") == [[5]])
    }

    @Test func busyTimeoutWaitsForALock() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.db")
        let writer = try SQLContext(path: path)
        let other = try SQLContext(path: path)
        try writer.exec(sql: "CREATE TABLE t (v)")
        try writer.exec(sql: "BEGIN IMMEDIATE")
        let immediate = try #require(throws: SQLError.self) { try other.exec(sql: "INSERT INTO t VALUES (1)") }
        #expect(immediate.code == .busy)
        other.busyTimeout = 0.2
        #expect(other.busyTimeout == 0.2)
        let start = Date()
        #expect(throws: SQLError.self) { try other.exec(sql: "INSERT INTO t VALUES (1)") }
        #expect(Date().timeIntervalSince(start) >= 0.15)
        try writer.exec(sql: "COMMIT")
        try other.exec(sql: "INSERT INTO t VALUES (1)")
        #expect(try writer.selectAll(sql: "SELECT count(*) FROM t") == [[1]])
    }

    @Test func uriAndTemporaryDatabases() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("uri.db")
        try sqlite3(path, "CREATE TABLE t (v); INSERT INTO t VALUES (5);")
        let readOnly = try SQLContext(path: "file:\(path)?mode=ro", flags: [.readWrite, .uri])
        #expect(try readOnly.selectAll(sql: "SELECT v FROM t") == [[5]])
        #expect(throws: SQLError.self) { try readOnly.exec(sql: "DELETE FROM t") }
        let temporary = try SQLContext(path: "")
        try temporary.exec(sql: "CREATE TABLE t (v)")
        let memory = SQLContext()
        #expect(try memory.selectAll(sql: "SELECT 1") == [[1]])
    }
}
