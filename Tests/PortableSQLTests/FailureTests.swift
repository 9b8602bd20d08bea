import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// Every failure is a thrown `SQLError` with SQLite's code; nothing crashes, nothing is half-written.
@Suite struct FailureTests {
    @Test func invalidSQL() throws {
        let context = try SQLContext(path: nil)
        let error = try #require(throws: SQLError.self) { try context.exec(sql: "SELEKT 1") }
        #expect(error.code == .error)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEKT 1")
        #expect(throws: SQLError.self) { try context.prepare(sql: "SELECT * FROM nowhere") }
        #expect(throws: SQLError.self) { try context.selectAll(sql: "SELECT (") }
        #expect(throws: SQLError.self) { try context.execute(script: "CREATE TABLE a (x); SELEKT") }
        // The context stays usable.
        #expect(try context.selectAll(sql: "SELECT 1") == [[1]])
    }

    @Test func wrongParameterCounts() throws {
        let context = try SQLContext(path: nil)
        let tooMany = try #require(throws: SQLError.self) { try context.selectAll(sql: "SELECT ?", parameters: [1, 2]) }
        #expect(tooMany.code == .range)
        // Fewer values than parameters: the rest are NULL, as in SQLite and SkipSQL; strict refuses.
        #expect(try context.selectAll(sql: "SELECT ?, ?", parameters: [1]) == [[1, .null]])
        #expect(try context.selectAll(sql: "SELECT ?") == [[.null]])
        let strict = try SQLContext(path: nil, configuration: .platform.strict(.allParametersBound))
        let tooFew = try #require(throws: SQLError.self) { try strict.selectAll(sql: "SELECT ?, ?", parameters: [1]) }
        #expect(tooFew.code == .range)
        #expect(tooFew.message.contains("2 parameter"))
        #expect(throws: SQLError.self) { try strict.exec(sql: "SELECT ?") }
        let script = try #require(throws: SQLError.self) { try context.exec(sql: "SELECT ?; SELECT ?", parameters: [1, 2]) }
        #expect(script.code == .range)
    }

    @Test func bindIndexOutOfRangeAndUnknownName() throws {
        let context = try SQLContext(path: nil)
        let statement = try context.prepare(sql: "SELECT ?, :name")
        for index in [0, 3, -1, Int.max] {
            let error = try #require(throws: SQLError.self) { try statement.bind(1, at: index) }
            #expect(error.code == .range)
        }
        let unknown = try #require(throws: SQLError.self) { try statement.bind(1, named: "other") }
        #expect(unknown.code == .range)
        #expect(unknown.message.contains("other"))
        #expect(throws: SQLError.self) { try context.selectAll(sql: "SELECT :a", parameters: ["b": 1]) }
        #expect(try context.selectAll(sql: "SELECT :a, :b", parameters: ["a": 1]) == [[1, .null]])
        let strict = try SQLContext(path: nil, configuration: .platform.strict(.allParametersBound))
        #expect(throws: SQLError.self) { try strict.selectAll(sql: "SELECT :a, :b", parameters: ["a": 1]) }
    }

    @Test func columnIndexOutOfRange() throws {
        let context = try SQLContext(path: nil)
        let statement = try context.prepare(sql: "SELECT 1, 2")
        #expect(try statement.next())
        // As in SkipSQL: SQLite's own answer for a column that is not there, never an error.
        for index in [-1, 2, Int.max, Int.min] {
            #expect(statement.long(at: index) == 0 && statement.real(at: index) == 0)
            #expect(statement.value(at: index) == .null && statement.text(at: index) == nil && statement.blob(at: index) == nil)
            #expect(statement.isNull(at: index) && statement.textBytes(at: index) == nil)
        }
        #expect(try !statement.next())
        #expect(throws: SQLError.self) { try statement.value(named: "missing") }
    }

    @Test func prepareTakesTheFirstStatementAndRefusesNone() throws {
        let context = try SQLContext(path: nil)
        #expect(try context.prepare(sql: "SELECT 1; SELECT 2, 3").columnCount == 1)
        #expect(throws: SQLError.self) { try context.prepare(sql: " -- only a comment") }
        #expect(try context.selectAll(sql: "SELECT 1; SELECT 2") == [[1]])
        #expect(try context.prepare(sql: "SELECT 1; -- trailing comment").columnCount == 1)
        // SQLite would stop reading at a NUL and run only part of the text: refused instead.
        try context.exec(sql: "CREATE TABLE keep (v)")
        let nul = try #require(throws: SQLError.self) { try context.execute(script: "SELECT 1\u{0}; DROP TABLE keep") }
        #expect(nul.code == .misuse)
        #expect(throws: SQLError.self) { try context.selectAll(sql: "SELECT 1\u{0}") }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM keep") == [[0]])
    }

    @Test func useAfterClose() throws {
        let context = try SQLContext(path: nil)
        try context.close()
        try context.close()
        #expect(context.isClosed)
        let error = try #require(throws: SQLError.self) { try context.exec(sql: "SELECT 1") }
        #expect(error.code == .misuse)
        #expect(error.message.contains("closed"))
        #expect(throws: SQLError.self) { try context.selectAll(sql: "SELECT 1") }
        #expect(throws: SQLError.self) { try context.prepare(sql: "SELECT 1") }
        #expect(throws: SQLError.self) { try context.transaction {} }
        #expect(throws: SQLError.self) { try context.getUserVersion() }
        #expect(context.userVersion == 0)
        #expect(context.changes == 0)
        context.interrupt()
        let statementError = try #require(throws: SQLError.self) {
            let other = try SQLContext(path: nil)
            let statement = try other.prepare(sql: "SELECT 1")
            try statement.close()
            _ = try statement.next()
        }
        #expect(statementError.code == .misuse)
    }

    @Test func writeToReadOnlyDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.db")
        try sqlite3(path, "CREATE TABLE t (v); INSERT INTO t VALUES (1);")
        let context = try SQLContext(path: path, flags: .readOnly)
        #expect(context.isReadOnly)
        let error = try #require(throws: SQLError.self) { try context.exec(sql: "INSERT INTO t VALUES (2)") }
        #expect(error.code == .readOnly)
        #expect(try context.selectAll(sql: "SELECT v FROM t") == [[1]])
        #expect(try sqlite3(path, "SELECT count(*) FROM t;") == "1\n")
    }

    @Test func missingFileWithoutCreate() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.db")
        let error = try #require(throws: SQLError.self) { try SQLContext(path: path, flags: .readWrite) }
        #expect(error.code == .cantOpen)
        #expect(error.message.contains(path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(throws: SQLError.self) { try SQLContext(path: URL(string: "https://example.com/db")!) }
        #expect(throws: SQLError.self) { try SQLContext(path: directory.url.path) }
    }

    @Test func fileThatIsNotADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        let contents = Data(String(repeating: "These are plain notes, not a database.\n", count: 200).utf8)
        try contents.write(to: URL(fileURLWithPath: path))
        let context = try SQLContext(path: path)
        let error = try #require(throws: SQLError.self) { try context.selectAll(sql: "SELECT count(*) FROM sqlite_master") }
        #expect(error.code == .notADatabase)
        #expect(throws: SQLError.self) { try context.exec(sql: "CREATE TABLE t (v)") }
        #expect(throws: SQLError.self) { try context.getUserVersion() }
        try context.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
    }

    @Test func interruptFromAnotherThread() throws {
        let context = try SQLContext(path: nil)
        let handle = try #require(context.interruptHandle)
        let done = Flag()
        let interrupter = Thread {
            while !done.isSet {
                Thread.sleep(forTimeInterval: 0.05)
                handle()
            }
        }
        interrupter.start()
        defer { done.set() }
        let error = try #require(throws: SQLError.self) {
            try context.selectAll(sql: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        }
        done.set()
        #expect(error.code == .interrupt)
        // Later statements run normally.
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try context.selectAll(sql: "SELECT 2") == [[2]])
        try context.close()
        handle()
    }
}

/// A thread-safe boolean.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
