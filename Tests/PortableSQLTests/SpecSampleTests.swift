import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// The core samples of the specification (SkipSQL's README), with only the imports changed.
/// Where a sample relies on names it does not define (`sqlite`, `logger`, a table), the test
/// defines them; where a sample is not valid Swift, the comment says what was adapted.
@Suite struct SpecSampleTests {
    @Test func connectionExample() throws {
        let directory = try TemporaryDirectory()
        let dbpath = directory.url.appendingPathComponent("db.sqlite")

        let ctx = try SQLContext(path: dbpath, flags: [.create, .readWrite])
        defer { try? ctx.close() }
        let sqlite = ctx

        try sqlite.exec(sql: "CREATE TABLE IF NOT EXISTS SOME_TABLE (STRING TEXT)")

        try sqlite.exec(sql: "INSERT INTO SOME_TABLE (STRING) VALUES (?)", parameters: [SQLValue.text("ABC")])

        // The spec calls selectAll without `try`; selectAll throws, as every query can fail.
        let rows: [[SQLValue]] = try ctx.selectAll(sql: "SELECT STRING FROM SOME_TABLE")
        assert(rows[0][0] == SQLValue.text("ABC"))
        #expect(rows == [[.text("ABC")]])
        #expect(FileManager.default.fileExists(atPath: dbpath.path))
    }

    @Test func inMemoryDatabase() throws {
        let ctx = try SQLContext(path: nil)
        defer { try? ctx.close() }

        let rows: [[SQLValue]] = try ctx.selectAll(sql: "SELECT 1, 1.1+2.2, 'AB'||'C'")

        assert(rows[0][0] == SQLValue.long(1))
        // The spec compares with `.real(3.3)`; 1.1 + 2.2 is 3.3000000000000003 in IEEE doubles.
        #expect(abs((rows[0][1].realValue ?? 0) - 3.3) < 1e-12)
        assert(rows[0][2] == SQLValue.text("ABC"))
        #expect(rows[0][0] == .long(1))
        #expect(rows[0][2] == .text("ABC"))
    }

    @Test func transactions() throws {
        let ctx = try SQLContext(path: nil)
        defer { try? ctx.close() }
        try ctx.exec(sql: "CREATE TABLE TABLE_NAME (NUM INTEGER)")

        try ctx.transaction {
            try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(1)")
            try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(2)")
        }

        #expect(try ctx.selectAll(sql: "SELECT NUM FROM TABLE_NAME ORDER BY NUM") == [[1], [2]])
        try ctx.transaction(.immediate) { try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(3)") }
        try ctx.transaction(nil) { try ctx.exec(sql: "INSERT INTO TABLE_NAME VALUES(4)") }
        #expect(try ctx.selectAll(sql: "SELECT count(*) FROM TABLE_NAME") == [[4]])
    }

    @Test func boundParameters() throws {
        let sqlite = try SQLContext(path: nil)
        defer { try? sqlite.close() }
        try sqlite.exec(sql: "CREATE TABLE TABLE_NAME (NUM INTEGER, STR TEXT)")

        let insert = try sqlite.prepare(sql: "INSERT INTO TABLE_NAME (NUM, STR) VALUES (?, ?)")
        defer { try? insert.close() }

        // insert 1,000 rows in a single transaction, re-using the insert statement
        try sqlite.transaction {
            for i in 1...1_000 {
                let params: [SQLValue] = [
                    SQLValue.long(Int64(i)),
                    SQLValue.text("Row #\(i)"),
                ]
                try insert.update(parameters: params)
            }
        }

        #expect(try sqlite.selectAll(sql: "SELECT count(*), sum(NUM) FROM TABLE_NAME") == [[1_000, 500_500]])
        #expect(try sqlite.selectAll(sql: "SELECT STR FROM TABLE_NAME WHERE NUM = ?", parameters: [.integer(777)]) == [["Row #777"]])
    }

    @Test func schemaMigration() throws {
        let ctx = try SQLContext(path: nil)
        defer { try? ctx.close() }
        let logger = TestLogger()

        // track the version of the schema with the `userVersion` pragma
        func migrateSchema(v version: Int64, ddl: String) throws {
            if ctx.userVersion < version {
                let startTime = Date.now
                try ctx.transaction {
                    try ctx.exec(sql: ddl)  // perform the DDL operation
                    // then update the schema version
                    ctx.userVersion = version
                }
                logger.log("updated database schema to \(version) in \(startTime.durationToNow)")
            }
        }

        try migrateSchema(v: 1, ddl: """
            CREATE TABLE DATA_ITEM (ID INTEGER PRIMARY KEY AUTOINCREMENT)
            """)
        try migrateSchema(v: 2, ddl: """
            ALTER TABLE DATA_ITEM ADD COLUMN DESCRIPTION TEXT
            """)
        // Running them again changes nothing.
        try migrateSchema(v: 1, ddl: "CREATE TABLE DATA_ITEM (ID INTEGER PRIMARY KEY AUTOINCREMENT)")

        #expect(ctx.userVersion == 2)
        #expect(logger.messages.count == 2)
        let columns = try ctx.selectAll(sql: "SELECT name FROM pragma_table_info('DATA_ITEM') ORDER BY cid")
        #expect(columns == [["ID"], ["DESCRIPTION"]])
    }
}

/// Stands in for the spec's `logger`.
final class TestLogger {
    private(set) var messages: [String] = []
    func log(_ message: String) { messages.append(message) }
}

extension Date {
    /// Stands in for the spec's `durationToNow`: seconds from this date until now.
    var durationToNow: TimeInterval { Date.now.timeIntervalSince(self) }
}
