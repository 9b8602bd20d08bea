import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// `sqlctx node`: serves after its "ready" line, stops cleanly on SIGTERM, and takes its place
/// back when started again on its data.
@Suite(.serialized) struct NodeCommandTests {
    @Test func aNodeStopsOnSIGTERMAndServesItsDataWhenStartedAgain() throws {
        let cluster = try LocalCluster(size: 1)
        let db = try cluster.context()
        try db.exec(sql: "CREATE TABLE t(a); INSERT INTO t VALUES ('kept')")
        db.close()
        #expect(cluster.terminate(cluster.nodes[0]) == 0)
        try cluster.start(cluster.nodes[0])
        let again = try cluster.context()
        defer { again.close() }
        #expect(try again.selectAll(sql: "SELECT a FROM t") == [[.text("kept")]])
    }
}
