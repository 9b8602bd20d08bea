import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// Unreachable nodes, peers that are not dqlite and a connection cut while rows arrive give
/// clear errors within the configured time limits, never a hang.
@Suite(.serialized) struct BadInputTests {
    private let quick = SQLClusterOptions(connectTimeout: 0.5, requestTimeout: 0.5, leaderSearchTimeout: 1)

    /// Runs `write`, again (up to 5 times in all) when a change of leader cut it.
    private func withRetries(_ write: () throws -> Void) throws {
        for attempt in 1...5 {
            do {
                return try write()
            } catch let error as SQLError where error.clusterRetry != nil && attempt < 5 {
                continue
            }
        }
    }

    /// Opens `nodes` with the quick limits; returns the error and how long the open took.
    private func failedOpen(_ nodes: [String]) -> (SQLError?, Double) {
        let started = Date()
        let error = #expect(throws: SQLError.self) { _ = try SQLContext(cluster: nodes, database: "app", options: quick) }
        return (error, Date().timeIntervalSince(started))
    }

    @Test func unreachableNodesFailToOpenInTime() throws {
        let nodes = ["127.0.0.1:\(try freePort())", "127.0.0.1:\(try freePort())"]
        let (error, seconds) = failedOpen(nodes)
        #expect(error?.resultCode == .cantOpen)
        #expect(error?.message.contains("no leader found among \(nodes[0]), \(nodes[1]) within 1.0 s") == true)
        #expect(error?.message.contains("\(nodes[1]): cannot connect to \(nodes[1]): Connection refused") == true)
        #expect(seconds < 3)
        let malformed = failedOpen(["no-port-here"]).0
        #expect(malformed?.message.contains("not a host:port address") == true)
        let (none, noTime) = failedOpen([])
        #expect(none?.message.contains("no node address was given") == true)
        #expect(noTime < 0.5)
    }

    @Test func aPeerThatIsNotDqliteIsNamedAsSuch() throws {
        let garbage = try FakeNode(.garbage)
        let (error, seconds) = failedOpen([garbage.address])
        #expect(error?.resultCode == .cantOpen)
        #expect(error?.message.contains("\(garbage.address): the peer does not speak dqlite's protocol") == true)
        #expect(seconds < 3)
    }

    @Test func aSilentPeerTimesOut() throws {
        let silent = try FakeNode(.silent)
        let (error, seconds) = failedOpen([silent.address])
        // The last request had what was left of the search time, at most its 0.5 s.
        #expect(error?.message.contains("\(silent.address) did not answer within 0.") == true)
        #expect(seconds < 3)
    }

    @Test func theLeaderSearchTimeBoundsASlowRequest() throws {
        let silent = try FakeNode(.silent)
        let options = SQLClusterOptions(connectTimeout: 1, requestTimeout: 5, leaderSearchTimeout: 0.5)
        let started = Date()
        let error = #expect(throws: SQLError.self) { _ = try SQLContext(cluster: [silent.address], database: "app", options: options) }
        #expect(error?.message.contains("no leader found") == true)
        #expect(Date().timeIntervalSince(started) < 1.5)
    }

    @Test func aConnectionCutWhileRowsArriveSaysTheQueryMayBeRetried() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE big(id INTEGER PRIMARY KEY, body BLOB)")
        // 30 MB in all, in writes of 1 MB, so that the rows cannot all be on their way when the
        // leader dies. A slow machine may see a write cut by an election: it is run again, which
        // OR IGNORE makes harmless.
        for start in stride(from: 0, to: 3000, by: 100) {
            try withRetries {
                try db.exec(sql: """
                    WITH RECURSIVE n(x) AS (SELECT ? UNION ALL SELECT x + 1 FROM n WHERE x < ? + 99)
                    INSERT OR IGNORE INTO big SELECT x, randomblob(10000) FROM n
                    """, parameters: [.long(Int64(start + 1)), .long(Int64(start + 1))])
            }
        }
        let rows = try db.prepare(sql: "SELECT id, body FROM big ORDER BY id")
        defer { try? rows.close() }
        #expect(try rows.next())
        let first = try cluster.leader()
        cluster.kill(first)
        let error = #expect(throws: SQLError.self) { while try rows.next() {} }
        #expect(error?.clusterRetry == .safe)
        #expect(error?.message.contains("while rows were being read; the query may be retried") == true)
        // The next statement finds the new leader.
        #expect(try db.selectAll(sql: "SELECT count(*) FROM big") == [[.long(3000)]])

        // Cut while another statement of the context waits for the rest of the rows: that
        // statement runs on the new leader, and the rows received are read before the error.
        try cluster.start(first)
        #expect(try rows.next())
        cluster.kill(try cluster.leader())
        #expect(try db.selectAll(sql: "SELECT count(*) FROM big") == [[.long(3000)]])
        var read = 1
        let cut = #expect(throws: SQLError.self) { while try rows.next() { read += 1 } }
        #expect(cut?.clusterRetry == .safe)
        #expect(read < 3000)
    }

    @Test func aDatabaseNameNeverWrittenIsEmptyButAPrefixOpensTheLongerName() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t(a)")
        let other = try cluster.context("other")
        defer { try? other.close() }
        let error = #expect(throws: SQLError.self) { try other.selectAll(sql: "SELECT a FROM t") }
        #expect(error?.message == "no such table: t")
        // dqlite 1.11 finds a database by prefix (RunningACluster.md: "What a cluster cannot do").
        let prefix = try cluster.context("ap")
        defer { try? prefix.close() }
        #expect(try prefix.selectAll(sql: "SELECT count(*) FROM t") == [[.long(0)]])
    }
}
