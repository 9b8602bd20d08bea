import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLTestSupport
import Testing

/// `SQLClusterNode` in this process: bootstrap, serving, stop and start again on its data,
/// joining, and the error of a node that cannot start.
@Suite(.serialized) struct EmbeddedNodeTests {
    @Test func aNodeBootstrapsServesRestartsOnItsDataAndIsJoined() throws {
        let folder = try TemporaryDirectory()
        let first = "127.0.0.1:\(try freePort())"
        var node = try SQLClusterNode(id: 1, address: first, dataDirectory: folder.path("node1"), networkLatency: .milliseconds(10))
        #expect(node.isRunning)
        let db = try SQLContext(cluster: [first], database: "app", options: testOptions)
        try db.execute(script: "CREATE TABLE t(a); INSERT INTO t VALUES (42)")
        try db.close()
        node.stop()
        #expect(!node.isRunning)
        node.stop()

        node = try SQLClusterNode(id: 1, address: first, dataDirectory: folder.path("node1"), networkLatency: .milliseconds(10))
        defer { node.stop() }
        let second = "127.0.0.1:\(try freePort())"
        let joining = try SQLClusterNode(id: 2, address: second, dataDirectory: folder.path("node2"), networkLatency: .milliseconds(10))
        defer { joining.stop() }
        try joining.join(cluster: [first], options: testOptions)
        try joining.join(cluster: [first], options: testOptions)
        let members = try SQLClusterNode.members(of: [second], options: testOptions)
        #expect(members.map(\.id).sorted() == [1, 2])
        #expect(members.allSatisfy { $0.isVoter })
        try SQLClusterNode.transferLeadership(of: [first, second], to: 2, options: testOptions)
        let reader = try SQLContext(cluster: [second], database: "app", options: testOptions)
        defer { try? reader.close() }
        #expect(try reader.selectAll(sql: "SELECT a FROM t") == [[.long(42)]])
    }

    @Test func theDataFolderIsTheOwnersAloneAndAnOpenOneIsRefused() throws {
        let folder = try TemporaryDirectory()
        let made = folder.path("made/node1")
        let node = try SQLClusterNode(id: 1, address: "127.0.0.1:\(try freePort())", dataDirectory: made, networkLatency: .milliseconds(10))
        node.stop()
        let mode = try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
        let open = folder.path("open")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let error = #expect(throws: SQLError.self) {
            _ = try SQLClusterNode(id: 1, address: "127.0.0.1:\(try freePort())", dataDirectory: open)
        }
        #expect(error?.resultCode == .perm)
        #expect(error?.message.contains("run chmod 700 on it") == true)
    }

    @Test func aNodeThatCannotStartSaysWhy() throws {
        let folder = try TemporaryDirectory()
        let taken = try FakeNode(.silent)
        let error = #expect(throws: SQLError.self) {
            _ = try SQLClusterNode(id: 1, address: taken.address, dataDirectory: folder.path("node1"))
        }
        #expect(error?.resultCode == .cantOpen)
        #expect(error?.message.contains("cannot start dqlite node 1 on \(taken.address): cannot listen on \(taken.address): \(String(cString: strerror(EADDRINUSE)))") == true)
        for address in ["127.0.0.1", "no-such-host.invalid:9001"] {
            let error = #expect(throws: SQLError.self) {
                _ = try SQLClusterNode(id: 1, address: address, dataDirectory: folder.path("node1"))
            }
            #expect(error?.resultCode == .cantOpen)
            #expect(error?.message.contains("cannot start dqlite node 1 on \(address): ") == true, "\(String(describing: error))")
            #expect(error?.message.hasSuffix(": ") == false, "\(String(describing: error))")
        }
    }
}
