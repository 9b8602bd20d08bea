import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// Autocommit writes on a cluster of `sqlctx node`s take a round trip and a replication, not a
/// delayed acknowledgement: with Nagle's algorithm on the nodes' sockets, a quarter of them
/// waited about 40 ms, in every round.
///
/// A busy host slows every write for a while (a CI run once saw p50 6.7 ms, p90 17 ms, max 31 ms:
/// no 40 ms stall), so the test takes up to three rounds of 200 writes and asks that one of them
/// has a p90 under 10 ms. Nagle's stalls fail all three.
@Suite(.serialized) struct NodeLatencyTests {
    @Test func autocommitWritesOnThreeNodesHaveAP90UnderTenMilliseconds() throws {
        let cluster = try LocalCluster(size: 3)
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE model (key TEXT, value TEXT, UNIQUE(key))")
        let value = String(repeating: "v", count: 1024)
        func write(_ index: Int) throws -> Double {
            let key = String(format: "%032d", index)
            let start = DispatchTime.now().uptimeNanoseconds
            try db.exec(sql: "INSERT OR REPLACE INTO model(key, value) VALUES(?, ?)", parameters: [.text(key), .text(value)])
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        for index in 0..<20 { _ = try write(-1 - index) }
        var p90s: [Double] = []
        for round in 0..<3 where p90s.allSatisfy({ $0 >= 10 }) {
            let times = try (round * 200..<(round + 1) * 200).map(write).sorted()
            p90s.append(times[179])
            print("round \(round + 1), 200 autocommit writes on 3 sqlctx nodes: p50 \(String(format: "%.2f", times[99])) ms, p90 \(String(format: "%.2f", times[179])) ms, max \(String(format: "%.2f", times[199])) ms")
        }
        #expect(p90s.contains { $0 < 10 }, "p90 of each round: \(p90s) ms")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM model") == [[.long(Int64(20 + 200 * p90s.count))]])
    }
}
