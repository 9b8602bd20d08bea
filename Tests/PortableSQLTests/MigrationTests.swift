import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

@Suite struct MigrationTests {
    let steps = [
        SQLMigration(version: 1, name: "create", sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)"),
        SQLMigration(version: 2, sql: "ALTER TABLE note ADD COLUMN created REAL; CREATE INDEX note_created ON note(created)"),
        SQLMigration(version: 3) { context in
            try context.exec(sql: "INSERT INTO note (body) VALUES (?)", parameters: ["welcome"])
        },
    ]

    @Test func appliesStepsAboveTheVersionOnce() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("m.db")
        let context = try SQLContext(path: path)
        #expect(try context.migrate(Array(steps.prefix(2))) == [1, 2])
        #expect(context.userVersion == 2)
        #expect(try context.migrate(steps) == [3])
        #expect(try context.migrate(steps) == [])
        context.close()
        #expect(try sqlite3(path, "PRAGMA user_version; SELECT body FROM note;") == "3\nwelcome\n")
    }

    @Test func failingStepRollsBackAlone() throws {
        let context = try SQLContext(path: nil)
        let broken = steps + [SQLMigration(version: 4, sql: "CREATE TABLE extra (x); INSERT INTO missing VALUES (1)")]
        let error = try #require(throws: SQLError.self) { try context.migrate(broken) }
        #expect(error.message.contains("no such table: missing"))
        #expect(context.userVersion == 3)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM sqlite_master WHERE name = 'extra'") == [[0]])
        #expect(try context.selectAll(sql: "SELECT count(*) FROM note") == [[1]])
    }

    @Test func newerDatabaseIsRefusedAndUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("newer.db")
        try sqlite3(path, "CREATE TABLE future (x); PRAGMA user_version = 9;")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let context = try SQLContext(path: path)
        let error = try #require(throws: SQLError.self) { try context.migrate(steps) }
        #expect(error.message.contains("newer"))
        #expect(context.userVersion == 9)
        context.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func stepsMustIncrease() throws {
        let context = try SQLContext(path: nil)
        let error = try #require(throws: SQLError.self) {
            try context.migrate([steps[1], steps[0]])
        }
        #expect(error.code == .misuse)
        #expect(context.userVersion == 0)
        #expect(throws: SQLError.self) { try context.migrate([SQLMigration(version: 0, sql: "SELECT 1")]) }
    }
}
