import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// A transaction that SQLite ends by itself (`OR ROLLBACK`, `RAISE(ROLLBACK)`) is seen as ended,
/// so that a later write cut by a leader change is not reported as safe to retry.
@Suite(.serialized) struct TransactionCheckTests {
    @Test func aTransactionRolledBackBySQLiteIsSeenAsEnded() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.execute(script: "CREATE TABLE t(a UNIQUE); CREATE TABLE guarded(a)")
        try db.execute(script: "CREATE TRIGGER no_negative BEFORE INSERT ON guarded WHEN new.a < 0 BEGIN SELECT RAISE(ROLLBACK, 'negative'); END")
        try db.exec(sql: "INSERT INTO t VALUES (1)")

        try db.exec(sql: "BEGIN")
        try db.exec(sql: "INSERT INTO t VALUES (2)")
        #expect(throws: SQLError.self) { try db.exec(sql: "INSERT OR ROLLBACK INTO t VALUES (1)") }
        #expect(!db.isInTransaction)

        try db.exec(sql: "BEGIN")
        try db.exec(sql: "INSERT INTO guarded VALUES (1)")
        let raised = #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO guarded VALUES (-1)") }
        #expect(raised?.message.contains("negative") == true)
        #expect(!db.isInTransaction)

        try db.exec(sql: "BEGIN")
        #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO t VALUES (1)") }
        #expect(db.isInTransaction)
        try db.exec(sql: "COMMIT")

        try db.transaction { try db.exec(sql: "INSERT INTO t VALUES (3)") }
        #expect(!db.isInTransaction)
        #expect(try db.selectAll(sql: "SELECT a FROM t ORDER BY a") == [[.long(1)], [.long(3)]])
        #expect(try db.selectAll(sql: "SELECT count(*) FROM guarded") == [[.long(0)]])
    }
}
