import PortableSQL
import PortableSQLTestSupport
import Testing

/// A migration step or a pool write that ends its transaction itself leaves nothing behind.
@Suite struct MigrationOwnTransactionTests {
    private func tables(_ path: String) throws -> [[SQLValue]] {
        let context = try SQLContext(path: path)
        defer { try? context.close() }
        return try context.selectAll(sql: "SELECT name FROM sqlite_master ORDER BY name")
    }

    @Test func aStepThatCommitsAndThenFailsLeavesNothingAndCanRunAgain() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("commit.db")
        let context = try SQLContext(path: path)
        defer { try? context.close() }
        let broken = SQLMigration(version: 1, sql: "CREATE TABLE half (x); COMMIT; CREATE TABLE other (y); INSERT INTO missing VALUES (1)")
        let error = try #require(throws: SQLError.self) { try context.migrate([broken]) }
        #expect(error.resultCode == .misuse && error.message.contains("migration 1"), "\(error)")
        #expect(try tables(path) == [])
        #expect(try context.getUserVersion() == 0)
        #expect(!context.isInTransaction)
        let fixed = SQLMigration(version: 1, sql: "CREATE TABLE half (x); CREATE TABLE other (y)")
        #expect(try context.migrate([fixed]) == [1])
        #expect(try tables(path) == [["half"], ["other"]])
    }

    @Test(arguments: [
        "CREATE TABLE a (x); COMMIT", "CREATE TABLE a (x); END", "CREATE TABLE a (x); ROLLBACK; CREATE TABLE b (x)", "CREATE TABLE a (x); ROLLBACK",
        "CREATE TABLE a (x); ROLLBACK; BEGIN; CREATE TABLE b (x)", "CREATE TABLE a (x); ROLLBACK TRANSACTION; BEGIN IMMEDIATE; CREATE TABLE b (x)",
    ])
    func aStepThatEndsItsTransactionIsRolledBackAsAWhole(sql: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("end.db")
        let context = try SQLContext(path: path)
        defer { try? context.close() }
        let error = try #require(throws: SQLError.self) { try context.migrate([SQLMigration(version: 1, sql: sql)]) }
        #expect(error.resultCode == .misuse, "\(error)")
        #expect(try tables(path) == [])
        #expect(try context.getUserVersion() == 0)
    }

    @Test func aClosureStepThatSwallowsTheRefusedCommitIsStillRolledBack() throws {
        let context = try SQLContext(path: nil)
        defer { try? context.close() }
        let step = SQLMigration(version: 1) { db in
            try db.exec(sql: "CREATE TABLE a (x)")
            try? db.exec(sql: "COMMIT")
            try? db.exec(sql: "CREATE TABLE b (x)")
        }
        #expect(throws: SQLError.self) { try context.migrate([step]) }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM sqlite_master") == [[0]])
        #expect(context.userVersion == 0)
    }

    @Test func aPoolWriteThatCommitsAndThenThrowsLeavesNoRow() throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("pool.db"))
        defer { try? pool.close() }
        try pool.write { try $0.exec(sql: "CREATE TABLE item (n INTEGER)") }
        struct Failure: Error {}
        #expect(throws: SQLError.self) {
            try pool.write { db in
                try db.exec(sql: "INSERT INTO item VALUES (1)")
                try db.exec(sql: "COMMIT")
                try db.exec(sql: "INSERT INTO item VALUES (2)")
                throw Failure()
            }
        }
        let swallowed = try #require(throws: SQLError.self) {
            try pool.write { db in
                try db.exec(sql: "INSERT INTO item VALUES (3)")
                try? db.exec(sql: "COMMIT")
                try? db.exec(sql: "INSERT INTO item VALUES (4)")
            }
        }
        #expect(swallowed.resultCode == .misuse && swallowed.message.contains("pool write"), "\(swallowed)")
        #expect(try pool.read { try $0.selectAll(sql: "SELECT count(*) FROM item") } == [[0]])
        try pool.write { try $0.exec(sql: "INSERT INTO item VALUES (5)") }
        #expect(try pool.read { try $0.selectAll(sql: "SELECT n FROM item") } == [[5]])
    }

    @Test func aPoolWriteThatRollsBackAndBeginsAgainKeepsNothing() throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("pool.db"))
        defer { try? pool.close() }
        try pool.write { try $0.exec(sql: "CREATE TABLE item (n INTEGER)") }
        let error = try #require(throws: SQLError.self) {
            try pool.write { db in
                try db.exec(sql: "INSERT INTO item VALUES (1)")
                try db.exec(sql: "ROLLBACK")
                try db.exec(sql: "BEGIN")
                try db.exec(sql: "INSERT INTO item VALUES (2)")
            }
        }
        #expect(error.resultCode == .misuse && error.message.contains("pool write") && error.message.contains("rolled back"), "\(error)")
        #expect(try pool.read { try $0.selectAll(sql: "SELECT count(*) FROM item") } == [[0]])
        // A write whose statement fails and is rolled back by SQLite reports that statement's error.
        try pool.write { try $0.exec(sql: "CREATE TABLE once (n INTEGER PRIMARY KEY ON CONFLICT ROLLBACK)") }
        let conflict = try #require(throws: SQLError.self) {
            try pool.write { db in
                try db.exec(sql: "INSERT INTO once VALUES (1)")
                try db.exec(sql: "INSERT INTO once VALUES (1)")
            }
        }
        #expect(conflict.resultCode == .constraint, "\(conflict)")
        try pool.write { try $0.exec(sql: "INSERT INTO item VALUES (3)") }
        #expect(try pool.read { try $0.selectAll(sql: "SELECT n FROM item") } == [[3]])
    }

    /// A nested `transaction { }` block whose SQL ends the transaction takes its savepoint
    /// with it: the error says so, not SQLite's "no such savepoint", in a pool write (whose
    /// work is all rolled back) and on a plain context.
    @Test func aNestedBlockThatEndsTheTransactionIsNamed() throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("pool.db"))
        defer { try? pool.close() }
        try pool.write { try $0.exec(sql: "CREATE TABLE item (n INTEGER)") }
        let inPool = try #require(throws: SQLError.self) {
            try pool.write { db in
                try db.exec(sql: "INSERT INTO item VALUES (1)")
                try db.transaction {
                    try db.exec(sql: "ROLLBACK")
                    try db.exec(sql: "BEGIN")
                    try db.exec(sql: "INSERT INTO item VALUES (2)")
                }
            }
        }
        #expect(inPool.resultCode == .misuse && inPool.message.contains("nested in another ended the transaction"), "\(inPool)")
        #expect(try pool.read { try $0.selectAll(sql: "SELECT count(*) FROM item") } == [[0]])

        let context = try SQLContext(path: directory.path("plain.db"))
        defer { try? context.close() }
        try context.exec(sql: "CREATE TABLE t (x)")
        for ending in ["COMMIT", "ROLLBACK; BEGIN"] {
            let plain = try #require(throws: SQLError.self) {
                try context.transaction {
                    try context.transaction { try context.execute(script: ending) }
                }
            }
            #expect(plain.resultCode == .misuse && plain.message.contains("took its savepoint"), "\(ending): \(plain)")
            #expect(!context.isInTransaction, "\(ending)")
        }
    }

    @Test func aStepInsideAnOuterTransactionCannotCommitIt() throws {
        let context = try SQLContext(path: nil)
        defer { try? context.close() }
        try context.exec(sql: "CREATE TABLE kept (x)")
        #expect(throws: SQLError.self) {
            try context.transaction {
                try context.exec(sql: "INSERT INTO kept VALUES (1)")
                try context.migrate([SQLMigration(version: 1, sql: "CREATE TABLE a (x); COMMIT")])
            }
        }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM kept") == [[0]])
        #expect(context.userVersion == 0)
    }
}
