import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLTestSupport
import Testing

/// `sqlctx node`: serves after its "ready" line, stops cleanly on SIGTERM, and takes its place
/// back when started again on its data.
@Suite(.serialized) struct NodeCommandTests {
    @Test func aNodeStopsOnSIGTERMAndServesItsDataWhenStartedAgain() throws {
        let cluster = try LocalCluster(size: 1)
        let db = try cluster.context()
        try db.execute(script: "CREATE TABLE t(a); INSERT INTO t VALUES ('kept')")
        try db.close()
        #expect(cluster.terminate(cluster.nodes[0]) == 0)
        try cluster.start(cluster.nodes[0])
        let again = try cluster.context()
        defer { try? again.close() }
        #expect(try again.selectAll(sql: "SELECT a FROM t") == [[.text("kept")]])
    }

    @Test func aNodeStartedWithStopWithParentEndsWithItsParent() throws {
        let folder = try TemporaryDirectory()
        let program = try builtProduct("sqlctx")
        let address = "127.0.0.1:\(try freePort())"
        // A shell starts the node, prints its pid, and ends a second later.
        let pid = try run("/bin/sh", ["-c", "\"$0\" node --id 1 --address \(address) --data-dir \(folder.path("node")) --stop-with-parent > \(folder.path("log")) 2>&1 & echo $!; sleep 1", program])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!pid.isEmpty)
        // Ended: its /proc entry gone, or a zombie waiting for whoever adopted it.
        let ended = waitUntil(timeout: 10) {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            return stat.split(separator: " ").dropFirst(2).first == "Z"
        }
        #expect(ended)
        #expect((try? String(contentsOfFile: folder.path("log"), encoding: .utf8))?.contains("ready 1 \(address)") == true)
    }
}
