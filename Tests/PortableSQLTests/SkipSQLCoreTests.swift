import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// SkipSQL's core API on PortableSQL: expressions, statement conveniences, schema information,
/// closure migrations, result codes and context properties.
@Suite struct SkipSQLCoreTests {
    func makeContext() throws -> SQLContext {
        let context = try SQLContext(path: nil)
        try context.execute(script: """
            CREATE TABLE demo (id INTEGER PRIMARY KEY, txt TEXT NOT NULL, num NUMERIC, dbl REAL DEFAULT 3.5, blb BLOB);
            INSERT INTO demo (txt, num, dbl, blb) VALUES ('ABC', 1.1, 2.2, x'78797A');
            """)
        return context
    }

    @Test func expressionsBindTheirValues() throws {
        let context = try makeContext()
        var expression = SQLExpression("INSERT INTO demo (txt, num) VALUES (?, ", [.text("it's; DROP TABLE demo")])
        expression.append("?)", .long(7))
        #expect(expression.sql == "INSERT INTO demo (txt, num) VALUES (?, ?)")
        #expect(expression.bindings == [.text("it's; DROP TABLE demo"), .long(7)])
        try context.exec(expression)
        #expect(try context.selectAll(sql: "SELECT txt, num FROM demo WHERE id = 2") == [["it's; DROP TABLE demo", 7]])

        // As exec(sql:), it runs the first statement of a script, as SkipSQL does.
        try context.exec(SQLExpression("CREATE TABLE a (v); CREATE TABLE b (v)"))
        #expect(try context.tableExists("a") && !context.tableExists("b"))

        let statement = try context.prepare(expr: SQLExpression("SELECT count(*) FROM demo WHERE num > ?", [.long(5)]))
        #expect(try statement.nextValues(close: true) == [.long(1)])
        #expect(statement.isClosed)
        let wrong = try #require(throws: SQLError.self) { try context.prepare(expr: SQLExpression("SELECT ?", [.long(1), .long(2)])) }
        #expect(wrong.code == .range)
    }

    @Test func statementConveniences() throws {
        let context = try makeContext()
        let statement = try context.prepare(sql: "SELECT txt, num, id, dbl, blb, id + 1 FROM demo")
        #expect(statement.columnTypes == ["TEXT", "NUMERIC", "INTEGER", "REAL", "BLOB", ""])
        #expect(statement.stringValues() == [nil, nil, nil, nil, nil, nil])
        #expect(statement.type(at: 0) == .null)
        #expect(try statement.nextValues(close: false) == [.text("ABC"), .real(1.1), .long(1), .real(2.2), .blob(Data("xyz".utf8)), .long(2)])
        #expect([0, 1, 2, 3, 4].map { statement.type(at: $0) } == [.text, .real, .long, .real, .blob])
        // Reading a column as text converts it in SQLite, so the blob reads as text afterwards.
        #expect(statement.stringValues() == ["ABC", "1.1", "1", "2.2", "xyz", "2"])
        #expect(statement.type(at: -1) == .null && statement.type(at: 99) == .null)

        // SkipSQL's Int32-indexed reads give the same as the Int-indexed ones: 0, nil or .null out of range.
        let outOfRange = Int32(statement.columnCount + 1)
        #expect(statement.long(at: Int32(2)) == 1 && statement.long(at: Int32(-1)) == 0 && statement.long(at: outOfRange) == 0)
        #expect(statement.real(at: Int32(3)) == 2.2 && statement.real(at: outOfRange) == 0)
        #expect(statement.text(at: Int32(0)) == "ABC" && statement.text(at: outOfRange) == nil)
        #expect(statement.blob(at: Int32(4)) == Data("xyz".utf8) && statement.blob(at: Int32(-1)) == nil)
        #expect(statement.value(at: Int32(5)) == .long(2) && statement.value(at: outOfRange) == .null)
        #expect(statement.long(at: 99) == 0 && statement.long(at: 2) == statement.long(at: Int32(2)))

        #expect(try statement.nextValues(close: false) == nil)
        #expect(statement.stringValues() == [nil, nil, nil, nil, nil, nil])
        statement.reset()
        #expect(try statement.next())
        try statement.close()
        statement.reset()
        #expect(statement.long(at: Int32(0)) == 0 && statement.type(at: 0) == .null && statement.columnTypes == [])
        #expect(throws: SQLError.self) { try statement.next() }
    }

    @Test func parameterNames() throws {
        let context = try SQLContext(path: nil)
        let statement = try context.prepare(sql: "SELECT 0, ?, ?2, :AAA, @AAA, $AAA, 'AAA'")
        #expect(statement.parameterCount == 5)
        #expect(statement.parameterNames == [nil, "?2", ":AAA", "@AAA", "$AAA"])
        #expect(try context.prepare(sql: "SELECT 1").parameterNames == [])
        #expect(try context.selectAll(sql: "SELECT ?2, ?1", parameters: ["TWO", "ONE"]) == [["ONE", "TWO"]])
    }

    @Test func schemaInformation() throws {
        let context = try makeContext()
        try context.execute(script: """
            CREATE TABLE pair (a TEXT NOT NULL, b INTEGER DEFAULT 'x', c VARCHAR(10), PRIMARY KEY (b, a));
            CREATE INDEX pair_c ON pair (c);
            CREATE VIEW demo_view AS SELECT txt FROM demo;
            """)
        let tables = try context.tables()
        #expect(tables.map(\.name) == ["demo", "pair"])
        #expect(tables[0] == TableInfo(type: "table", name: "demo", tbl_name: "demo", rootpage: 2,
                                       sql: "CREATE TABLE demo (id INTEGER PRIMARY KEY, txt TEXT NOT NULL, num NUMERIC, dbl REAL DEFAULT 3.5, blb BLOB)"))
        #expect(try context.tables(types: ["view", "index"]).map(\.name).sorted() == ["demo_view", "pair_c", "sqlite_autoindex_pair_1"])
        #expect(try context.tables(types: []) == [])

        #expect(try context.columns(for: "demo") == [
            ColumnInfo(cid: 0, name: "id", type: "INTEGER", notnull: 0, dflt_value: .null, pk: 1),
            ColumnInfo(cid: 1, name: "txt", type: "TEXT", notnull: 1, dflt_value: .null, pk: 0),
            ColumnInfo(cid: 2, name: "num", type: "NUMERIC", notnull: 0, dflt_value: .null, pk: 0),
            ColumnInfo(cid: 3, name: "dbl", type: "REAL", notnull: 0, dflt_value: .text("3.5"), pk: 0),
            ColumnInfo(cid: 4, name: "blb", type: "BLOB", notnull: 0, dflt_value: .null, pk: 0),
        ])
        #expect(try context.columns(for: "pair") == [
            ColumnInfo(cid: 0, name: "a", type: "TEXT", notnull: 1, dflt_value: .null, pk: 2),
            ColumnInfo(cid: 1, name: "b", type: "INTEGER", notnull: 0, dflt_value: .text("'x'"), pk: 1),
            ColumnInfo(cid: 2, name: "c", type: "VARCHAR(10)", notnull: 0, dflt_value: .null, pk: 0),
        ])
        #expect(try context.columns(for: "no such table") == [])
        #expect(throws: SQLError.self) { try context.columns(for: "demo", in: "nowhere") }
        #expect(try context.tableExists("demo"))
        #expect(try !context.tableExists("demo_view"))
        #expect(try !context.tableExists("\"; DROP TABLE demo; --"))
        #expect(try context.tableExists("demo"))
    }

    @Test func migrationsAsClosures() throws {
        let context = try SQLContext(path: nil)
        let migrations: [(SQLContext) throws -> Void] = [
            { try $0.exec(sql: "CREATE TABLE t (a)") },
            { try $0.exec(sql: "ALTER TABLE t ADD COLUMN b") },
        ]
        try context.migrate(migrations: migrations)
        #expect(context.userVersion == 2)
        try context.migrate(migrations: migrations)
        #expect(context.userVersion == 2)

        let failing = migrations + [{ try $0.exec(sql: "ALTER TABLE t ADD COLUMN c"); try $0.exec(sql: "NOT SQL") }]
        #expect(throws: SQLError.self) { try context.migrate(migrations: failing) }
        #expect(context.userVersion == 2)
        #expect(try context.columns(for: "t").map(\.name) == ["a", "b"])
    }

    @Test func resultCodesCompareWithNumbers() throws {
        let context = try makeContext()
        let error = try #require(throws: SQLError.self) { try context.exec(sql: "INSERT INTO demo (txt) VALUES (NULL)") }
        // Compared outside #expect, which rewrites the operator into a generic call.
        let comparisons = [error.code == 19, 19 == error.code, error.code == Int32(19), Int32(19) == error.code, error.code != Int32(1), error.extendedCode == 1299]
        #expect(comparisons == [true, true, true, true, true, true])
        #expect(error.msg == "NOT NULL constraint failed: demo.txt")
        #expect(error.msg == error.message)
        // Plain Int32 comparisons with literals are not made ambiguous.
        let value: Int32 = 19
        #expect(value == 19)
    }

    @Test func versionEncodingFeaturesAndFlags() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("flags.db"), flags: nil)
        let parts = context.version.split(separator: ".").compactMap { Int32($0) }
        #expect(context.versionNumber == parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2])
        #expect(context.encoding == "UTF-8")
        #expect(context.supports(feature: .upsert) && context.supports(feature: .rowValueInSyntax) && context.supports(feature: .jsonFunction))
                #expect(context.supports(feature: .sqliteSchemaTable) == (context.versionNumber >= 3_033_000))
        #expect(context.supports(feature: .partialIntegrityCheck) == (context.versionNumber >= 3_033_000))

        let fresh = try SQLContext(path: directory.path("utf16.db"))
        fresh.encoding = "UTF-16le"
        try fresh.execute(script: "CREATE TABLE t (v); INSERT INTO t VALUES ('é')")
        #expect(fresh.encoding == "UTF-16le")
        fresh.encoding = "UTF-8"
        fresh.encoding = "EBCDIC"
        #expect(fresh.encoding == "UTF-16le")
        #expect(try fresh.selectAll(sql: "SELECT v FROM t") == [["é"]])

        #expect(throws: SQLError.self) { try SQLContext(path: directory.path("missing.db"), flags: .readOnly) }
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.db")))
    }
}
