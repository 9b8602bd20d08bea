import Foundation
import PortableSQL
import PortableSQLCluster
internal import PortableSQLSystem
import Testing

/// A leader change inside a transaction, and two connections writing at once.
@Suite(.serialized) struct TransactionFailoverTests {
    @Test func aLeaderChangeInATransactionRollsItBackAndSaysItMayBeRetried() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t(a)")
        try db.exec(sql: "BEGIN")
        try db.exec(sql: "INSERT INTO t VALUES (1)")
        #expect(db.isInTransaction)
        let leader = try cluster.leader()
        let other = try #require(cluster.nodes.first { $0.id != leader.id })
        try SQLClusterNode.transferLeadership(of: cluster.addresses, to: other.id, options: testOptions)
        let error = #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO t VALUES (2)") }
        #expect(error?.clusterRetry == .safe)
        #expect(error?.message.contains("during a transaction, which was rolled back; it may be retried from its start") == true)
        #expect(!db.isInTransaction)
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t") == [[.long(0)]])
    }

    @Test func aWriterWaitsForAnotherTransactionUpToItsBusyTimeout() throws {
        let cluster = try LocalCluster()
        let holder = try cluster.context()
        defer { try? holder.close() }
        try holder.exec(sql: "CREATE TABLE t(a)")
        try holder.exec(sql: "BEGIN IMMEDIATE")
        try holder.exec(sql: "INSERT INTO t VALUES (1)")
        let impatient = try cluster.context()
        defer { try? impatient.close() }
        let busy = #expect(throws: SQLError.self) { try impatient.exec(sql: "INSERT INTO t VALUES (2)") }
        #expect(busy?.resultCode == .busy)
        let addresses = cluster.addresses
        let outcome = Locked<String?>(nil)
        Thread {
            do {
                let patient = try SQLContext(cluster: addresses, database: "app", options: testOptions)
                defer { try? patient.close() }
                patient.busyTimeout = 5
                try patient.exec(sql: "INSERT INTO t VALUES (3)")
                outcome.withLock { $0 = "written" }
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
        }.start()
        Thread.sleep(forTimeInterval: 0.3)
        #expect(outcome.withLock { $0 } == nil)
        try holder.exec(sql: "COMMIT")
        #expect(waitUntil(timeout: 10) { outcome.withLock { $0 } != nil })
        #expect(outcome.withLock { $0 } == "written")
        #expect(try holder.selectAll(sql: "SELECT a FROM t ORDER BY a") == [[.long(1)], [.long(3)]])
    }
}
