import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

struct Failure: Error {}

@Suite struct TransactionTests {
    func makeContext() throws -> SQLContext {
        let context = try SQLContext(path: nil)
        try context.exec(sql: "CREATE TABLE t (v INTEGER UNIQUE)")
        return context
    }

    func values(_ context: SQLContext) throws -> [[SQLValue]] {
        try context.selectAll(sql: "SELECT v FROM t ORDER BY v")
    }

    @Test func throwRollsBackAndRethrows() throws {
        let context = try makeContext()
        #expect(throws: Failure.self) {
            try context.transaction {
                try context.exec(sql: "INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        #expect(try values(context) == [])
        #expect(!context.isInTransaction)
    }

    @Test func returnsTheBlocksValue() throws {
        let context = try makeContext()
        let count = try context.transaction(.exclusive) { () -> Int32 in
            try context.exec(sql: "INSERT INTO t VALUES (1), (2)")
            return context.changes
        }
        #expect(count == 2)
    }

    @Test func nestedTransactionsAreSavepoints() throws {
        let context = try makeContext()
        try context.transaction {
            try context.exec(sql: "INSERT INTO t VALUES (1)")
            #expect(throws: Failure.self) {
                try context.transaction {
                    try context.exec(sql: "INSERT INTO t VALUES (2)")
                    try context.transaction { try context.exec(sql: "INSERT INTO t VALUES (3)") }
                    throw Failure()
                }
            }
            try context.transaction { try context.exec(sql: "INSERT INTO t VALUES (4)") }
            #expect(context.isInTransaction)
        }
        #expect(try values(context) == [[1], [4]])
    }

    @Test func constraintViolationRollsBackTheWholeTransaction() throws {
        let context = try makeContext()
        try context.exec(sql: "INSERT INTO t VALUES (1)")
        let error = try #require(throws: SQLError.self) {
            try context.transaction {
                try context.exec(sql: "INSERT INTO t VALUES (2)")
                try context.exec(sql: "INSERT INTO t VALUES (3)")
                try context.exec(sql: "INSERT INTO t VALUES (1)")
            }
        }
        #expect(error.code == .constraint)
        #expect(error.extendedCode == .constraintUnique)
        #expect(error.debugDescription.contains("SQLITE_CONSTRAINT_UNIQUE"))
        #expect(error.description == "SQLite error code 19: UNIQUE constraint failed: t.v")
        #expect(error.sql == "INSERT INTO t VALUES (1)")
        #expect(try values(context) == [[1]])
    }

    @Test func failedCommitRollsBack() throws {
        let context = try SQLContext(path: nil, configuration: .platform.strict(.foreignKeys))
        try context.execute(script: """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let error = try #require(throws: SQLError.self) {
            try context.transaction { try context.exec(sql: "INSERT INTO child VALUES (42)") }
        }
        #expect(error.extendedCode == .constraintForeignKey)
        #expect(!context.isInTransaction)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM child") == [[0]])
    }
}
