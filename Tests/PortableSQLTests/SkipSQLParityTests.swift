import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// What SkipSQL code can observe of the core is the same here by default, and each of
/// `SQLStrictness`'s checks changes exactly its own behaviour.
@Suite struct SkipSQLParityTests {
    @Test func readsNeverThrowAndGiveSQLitesValuesOutOfRange() throws {
        let context = try SQLContext(path: nil)
        let statement = try context.prepare(sql: "SELECT 7, 'x', NULL")
        // Before the first step there is no row: SQLite's empty values.
        #expect(statement.long(at: 0) == 0 && statement.text(at: 1) == nil)
        #expect(try statement.next())
        let literal = statement.long(at: 0)
        let int32: Int32 = 0
        #expect(literal == 7 && statement.long(at: int32) == 7 && statement.text(at: Int32(1)) == "x")
        for index in [-1, 3, statement.columnCount + 1] {
            #expect(statement.long(at: index) == 0 && statement.real(at: index) == 0 && statement.value(at: index) == .null)
            #expect(statement.long(at: Int32(index)) == 0 && statement.blob(at: Int32(index)) == nil)
        }
        #expect(statement.rowValues() == [7, "x", .null])
        // Unchecked reads leave the statement as it was.
        #expect(try !statement.next())
    }

    @Test func checkedReadsReportAMissAtTheNextStep() throws {
        let context = try SQLContext(path: nil, configuration: .platform.strict(.checkedReads))
        #expect(context.strictness == .checkedReads)
        let statement = try context.prepare(sql: "SELECT value FROM (SELECT 1 AS value UNION ALL SELECT 2) ORDER BY value")
        #expect(try statement.next())
        #expect(statement.long(at: 5) == 0)  // still SQLite's value, never a crash
        let missed = try #require(throws: SQLError.self) { try statement.next() }
        #expect(missed.code == .range)
        #expect(missed.message.contains("column index 5"))
        // Reported once: the statement goes on from where it was.
        #expect(try statement.next())
        #expect(statement.long(at: 0) == 2)
        try statement.close()
        #expect(statement.long(at: 0) == 0)
        let closed = try #require(throws: SQLError.self) { try statement.next() }
        #expect(closed.code == .misuse)
    }

    @Test func resetClearsBindingsAsSkipSQLsDoes() throws {
        let context = try SQLContext(path: nil)
        let statement = try context.prepare(sql: "SELECT ?, ?")
        try statement.bind(.long(1), at: 1)
        try statement.bind(.long(2), at: 2)
        #expect(try statement.nextValues(close: false) == [1, 2])
        // Binding one parameter again keeps the other.
        try statement.bind(.long(3), at: 1)
        #expect(try statement.nextValues(close: false) == [3, 2])
        statement.reset()
        #expect(try statement.nextValues(close: false) == [.null, .null])
        // update() with no values runs with what is bound.
        let insert = try context.prepare(sql: "SELECT ?")
        try insert.bind(.text("kept"), at: 1)
        try insert.update()
        #expect(try insert.nextValues(close: true) == ["kept"])
    }

    @Test func aCachedStatementDoesNotKeepTheLastCallsValues() throws {
        let context = try SQLContext(path: nil)
        try context.exec(sql: "CREATE TABLE t (a, b)")
        try context.exec(sql: "INSERT INTO t VALUES (?, ?)", parameters: [1, 2])
        try context.exec(sql: "INSERT INTO t VALUES (?, ?)", parameters: [3])
        try context.exec(sql: "INSERT INTO t VALUES (?, ?)")
        #expect(try context.selectAll(sql: "SELECT a, b FROM t ORDER BY rowid") == [[1, 2], [3, .null], [.null, .null]])
    }

    @Test func skipSQLsSpellingsGiveTheSameResults() throws {
        let context = try SQLContext(path: nil, flags: [.readWrite, .create, .fullMutex])
        #expect(try context.mutex { try context.selectAll(sql: "SELECT 1") } == [[1]])
        #expect(SQLAction.insert.rawValue == 18 && SQLAction.update.rawValue == 23 && SQLAction.delete.rawValue == 9)
        #expect(SQLAction(rawValue: 9) == .delete)
        #expect(SQLValue(Data("XYZ".utf8)).literalValue == "x'58595a'")
        #expect(SQLValue("it \"is\"").literalValue == #""it ""is""""#)
        #expect(SQLValue(Double.pi).literalValue == "3.141592653589793" && SQLValue.null.literalValue == "NULL" && SQLValue(42).literalValue == "42")
        #expect(SQLValue(2.5).type == .real && SQLType.long.typeName == "INTEGER")
        var actions: [Int32] = []
        context.onUpdate { action, _, _, _ in actions.append(action.rawValue) }
        try context.execute(script: "CREATE TABLE t (v); INSERT INTO t VALUES (1); UPDATE t SET v = 2; DELETE FROM t WHERE v = 2")
        #expect(actions == [18, 23, 9])
    }

    @Test func textThatIsNotUTF8ReadsAndWritesByteForByte() throws {
        let context = try SQLContext(path: nil)
        try context.exec(sql: "CREATE TABLE t (v TEXT)")
        let bytes = Data([0x61, 0xFF, 0xFE, 0x62, 0xC3])  // not valid UTF-8
        let insert = try context.prepare(sql: "INSERT INTO t VALUES (?)")
        try insert.bind(textBytes: bytes, at: 1)
        try insert.update()
        #expect(try context.selectAll(sql: "SELECT typeof(v), hex(v) FROM t") == [["text", "61FFFE62C3"]])
        let read = try context.prepare(sql: "SELECT v FROM t")
        #expect(try read.next())
        #expect(read.textBytes(at: 0) == bytes)
        // A String cannot hold those bytes: the replacement character stands in for them.
        #expect(read.text(at: 0) == "a\u{FFFD}\u{FFFD}b\u{FFFD}")
        // Written back through textBytes, the row is unchanged.
        let copy = try context.prepare(sql: "INSERT INTO t SELECT ?")
        try copy.bind(textBytes: try #require(read.textBytes(at: 0)), at: 1)
        try copy.update()
        #expect(try context.selectAll(sql: "SELECT count(DISTINCT v), count(*) FROM t") == [[1, 2]])
        #expect(throws: SQLError.self) { try copy.bind(textBytes: bytes, at: 2) }
    }

    @Test func strictOptionsAreOneConfigurationEach() throws {
        #expect(SQLiteConfiguration.platform.strictness.isEmpty)
        #expect(SQLiteConfiguration.platform.strict().strictness == .all)
        #expect(SQLiteConfiguration.platform.strict().description == "platform (strict)")
        let strict = try SQLContext(path: nil, configuration: .platform.strict())
        #expect(strict.foreignKeysEnabled)
        #expect(throws: SQLError.self) { try strict.selectAll(sql: "SELECT ?") }
        let log = ExecutedSQL(strict)
        _ = try strict.selectAll(sql: "SELECT ?", parameters: ["hidden"])
        #expect(log.statements == ["SELECT ?"])
    }
}
