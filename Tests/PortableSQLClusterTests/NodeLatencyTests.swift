import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// Autocommit writes on a cluster of `sqlctx node`s take a round trip and a replication, not a
/// delayed acknowledgement: with Nagle's algorithm on the nodes' sockets, a quarter of them
/// waited about 40 ms.
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
        let times = try (0..<200).map(write).sorted()
        let p50 = times[99], p90 = times[179]
        print("200 autocommit writes on 3 sqlctx nodes: p50 \(String(format: "%.2f", p50)) ms, p90 \(String(format: "%.2f", p90)) ms, max \(String(format: "%.2f", times[199])) ms")
        #expect(p90 < 10, "p50 \(p50) ms, p90 \(p90) ms")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM model") == [[.long(220)]])
    }
}
