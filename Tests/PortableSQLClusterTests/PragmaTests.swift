import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// Pragmas on a cluster: a setting that answers a row runs and returns, a pragma that writes is
/// replicated, and the ones that would break the nodes' WAL are refused naming the limit.
@Suite(.serialized) struct PragmaTests {
    @Test func settingsAnswerTheirRowWritesReplicateAndWALPragmasAreRefused() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "PRAGMA busy_timeout = 5000")
        #expect(try db.selectAll(sql: "PRAGMA busy_timeout = 4000") == [[.long(4000)]])
        try db.execute(script: "PRAGMA secure_delete = 1; PRAGMA journal_size_limit = 1000000; PRAGMA mmap_size = 0")
        try db.exec(sql: "PRAGMA journal_mode = WAL")
        try db.exec(sql: "PRAGMA user_version(5)")
        try db.exec(sql: "PRAGMA application_id = 7")
        try db.exec(sql: "CREATE TABLE t(a)")
        try db.exec(sql: "PRAGMA optimize")
        for refused in ["PRAGMA wal_checkpoint(PASSIVE)", "PRAGMA wal_checkpoint", "PRAGMA wal_autocheckpoint = 10",
                        "PRAGMA locking_mode = EXCLUSIVE", "PRAGMA journal_mode = DELETE"] {
            let error = #expect(throws: SQLError.self) { try db.exec(sql: refused) }
            #expect(error?.message.contains("on a cluster") == true, "\(refused)")
        }
        try db.exec(sql: "INSERT INTO t VALUES (1)")
        let leader = try cluster.leader()
        let other = try #require(cluster.nodes.first { $0.id != leader.id })
        try SQLClusterNode.transferLeadership(of: cluster.addresses, to: other.id, options: testOptions)
        let after = try cluster.context()
        defer { try? after.close() }
        #expect(try after.selectAll(sql: "PRAGMA user_version") == [[.long(5)]])
        #expect(try after.selectAll(sql: "PRAGMA application_id") == [[.long(7)]])
        #expect(try after.selectAll(sql: "SELECT a FROM t") == [[.long(1)]])
        #expect(cluster.nodes.allSatisfy { $0.process?.isRunning == true })
    }

    @Test func aPoolOverTheClusterClosesWithoutCheckpointingTheNodes() async throws {
        let cluster = try LocalCluster()
        let pool = try SQLContextPool(path: "pooled", configuration: .cluster(cluster.addresses, options: testOptions), maximumReaderCount: 1)
        try await pool.write { db in try db.execute(script: "CREATE TABLE n(v); INSERT INTO n VALUES (1)") }
        let refused = await #expect(throws: SQLError.self) { try await pool.read { db in try db.exec(sql: "PRAGMA user_version(6)") } }
        #expect(refused?.resultCode == .readOnly)
        try pool.close()
        let db = try cluster.context("pooled")
        defer { try? db.close() }
        try db.exec(sql: "INSERT INTO n VALUES (2)")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM n") == [[.long(2)]])
        #expect(cluster.nodes.allSatisfy { $0.process?.isRunning == true })
    }
}
