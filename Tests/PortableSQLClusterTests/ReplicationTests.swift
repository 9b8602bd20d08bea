import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// The cluster engine behind the unchanged `SQLContext` API, on a real 3-node cluster.
@Suite(.serialized) struct ReplicationTests {
    @Test func writesAreReadBackOnEveryNodeAsLeader() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE visit(id INTEGER PRIMARY KEY, name TEXT, score REAL, photo BLOB, note TEXT)")
        let insert = try db.prepare(sql: "INSERT INTO visit(name, score, photo, note) VALUES (?, ?, ?, ?)")
        defer { try? insert.close() }
        try insert.bind(parameters: [.text("Zoë 🌍"), .real(2.5), .blob(Data([0, 1, 2, 255])), .null])
        #expect(try insert.next() == false)
        #expect(db.lastInsertRowID == 1)
        #expect(db.changes == 1)
        for node in cluster.nodes {
            try SQLClusterNode.transferLeadership(of: cluster.addresses, to: node.id, options: testOptions)
            #expect(try cluster.leader().id == node.id)
            let reader = try cluster.context()
            defer { try? reader.close() }
            let rows = try reader.selectAll(sql: "SELECT id, name, score, photo, note FROM visit")
            #expect(rows == [[.long(1), .text("Zoë 🌍"), .real(2.5), .blob(Data([0, 1, 2, 255])), .null]])
        }
    }
}
