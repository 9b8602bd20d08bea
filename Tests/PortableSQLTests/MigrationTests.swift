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
        try context.close()
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
        try context.close()
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

    /// A parent table with three children that cascade on delete.
    let family = SQLMigration(version: 1, name: "family", sql: """
        CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) ON DELETE CASCADE);
        INSERT INTO parent VALUES (1, 'a'), (2, 'b');
        INSERT INTO child VALUES (10, 1), (11, 1), (12, 2);
        """)

    /// A database at version 1 (`family`), foreign keys enforced.
    func familyDatabase() throws -> SQLContext {
        let context = try SQLContext(path: nil)
        context.foreignKeysEnabled = true
        try context.migrate([family])
        return context
    }

    @Test func rebuildingAParentTableKeepsItsChildren() throws {
        let context = try familyDatabase()
        let rebuild = SQLMigration(version: 2, name: "rebuild parent", sql: """
            CREATE TABLE parent_new (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
            INSERT INTO parent_new SELECT id, name FROM parent;
            DROP TABLE parent;
            ALTER TABLE parent_new RENAME TO parent;
            """)
        #expect(try context.migrate([family, rebuild]) == [2])
        #expect(try context.selectAll(sql: "SELECT id, parent_id FROM child ORDER BY id") == [[10, 1], [11, 1], [12, 2]])
        #expect(try context.selectAll(sql: "PRAGMA foreign_key_check").isEmpty)
        #expect(context.foreignKeysEnabled)
        // Enforcement is back: deleting a parent cascades again.
        try context.exec(sql: "DELETE FROM parent WHERE id = 2")
        #expect(try context.selectAll(sql: "SELECT count(*) FROM child") == [[2]])
    }

    @Test func aStepThatLeavesOrphansIsRefused() throws {
        let context = try familyDatabase()
        let orphaning = SQLMigration(version: 2, name: "drop parents", sql: "CREATE TABLE extra (x); DELETE FROM parent WHERE id = 1")
        let error = try #require(throws: SQLError.self) { try context.migrate([family, orphaning]) }
        #expect(error.extendedCode == .constraintForeignKey, "\(error)")
        #expect(error.message.contains("migration 2 (drop parents)") && error.message.contains("child rowid 10 has no parent in parent"), "\(error)")
        #expect(error.message.contains("2 row(s)"), "\(error)")
        #expect(context.userVersion == 1)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM parent") == [[2]])
        #expect(try context.selectAll(sql: "SELECT count(*) FROM child") == [[3]])
        #expect(try context.selectAll(sql: "SELECT count(*) FROM sqlite_master WHERE name = 'extra'") == [[0]])
        #expect(context.foreignKeysEnabled)
        #expect(!context.isInTransaction)
    }

    @Test func foreignKeysOffStayOffAndAreNotChecked() throws {
        let context = try SQLContext(path: nil)
        context.foreignKeysEnabled = false
        let steps = [
            SQLMigration(version: 1, sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (parent_id INTEGER REFERENCES parent(id))"),
            SQLMigration(version: 2, sql: "INSERT INTO child VALUES (7)"),
            SQLMigration(version: 3, sql: "INSERT INTO missing VALUES (1)"),
        ]
        #expect(throws: SQLError.self) { try context.migrate(steps) }
        #expect(context.userVersion == 2)
        #expect(!context.foreignKeysEnabled)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM child") == [[1]])
    }
}
