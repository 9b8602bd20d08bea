import Foundation
import PortableSQL
@testable import PortableSQLCluster
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// Every TCP socket of `SQLClusterNode` has Nagle's algorithm off (its listener, the clients
/// and Raft peers libdqlite accepts on it, Raft peers it dials), stopping closes them all, and
/// its dialer fails cleanly.
@Suite(.serialized) struct NodeNoDelayTests {
    @Test func everySocketOfThreeNodesHasNoDelayAndStopClosesThemAll() throws {
        let folder = try TemporaryDirectory()
        let ports = try (0..<3).map { _ in try freePort() }
        let addresses = ports.map { "127.0.0.1:\($0)" }
        var nodes: [SQLClusterNode] = []
        defer { nodes.forEach { $0.stop() } }
        for (index, address) in addresses.enumerated() {
            let node = try SQLClusterNode(id: UInt64(index + 1), address: address, dataDirectory: folder.path("node\(index + 1)"), networkLatency: .milliseconds(10))
            if index > 0 { try node.join(cluster: [addresses[0]], options: testOptions) }
            nodes.append(node)
        }
        let db = try SQLContext(cluster: addresses, database: "app", options: testOptions)
        try db.execute(script: "CREATE TABLE t(a); INSERT INTO t VALUES (1)")
        let portSet = Set(ports)
        // Raft dials a peer when it first sends to it: the leader each follower, each follower
        // the leader (to answer), and the client the leader: 5 connections, each accepted too.
        let connected = waitUntil(timeout: 10) {
            let dialed = OpenTCPSocket.all(touching: portSet).filter { !portSet.contains($0.localPort) && $0.peerPort.map(portSet.contains) == true }
            return Set(dialed.compactMap(\.peerPort)) == portSet && dialed.count >= 5
        }
        #expect(connected)
        let sockets = OpenTCPSocket.all(touching: portSet)
        let accepted = sockets.filter { portSet.contains($0.localPort) && $0.peerPort != nil }
        #expect(accepted.count >= 5, "\(sockets)")
        let withoutNoDelay = sockets.filter { !$0.noDelay }
        #expect(withoutNoDelay.isEmpty, "without TCP_NODELAY: \(withoutNoDelay)")

        try db.close()
        nodes.forEach { $0.stop() }
        // libdqlite closes its listener and connections before stop() returns.
        #expect(OpenTCPSocket.all(touching: portSet).isEmpty)
        // The address is free again at once: a node starts on it.
        let again = try SQLClusterNode(id: 1, address: addresses[0], dataDirectory: folder.path("node1"), networkLatency: .milliseconds(10))
        again.stop()
    }

    @Test func aClientThatIsNotDqliteIsClosedAndTheNodeServesOn() throws {
        let folder = try TemporaryDirectory()
        let address = "127.0.0.1:\(try freePort())"
        let node = try SQLClusterNode(id: 1, address: address, dataDirectory: folder.path("node1"), networkLatency: .milliseconds(10))
        defer { node.stop() }
        let descriptor = try #require(PeerDialer.dial(address, timeout: 2))
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let garbage = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        #expect(send(descriptor, garbage, garbage.count, StreamSocket.sendFlags) == garbage.count)
        var answer = [UInt8](repeating: 0, count: 64)
        // libdqlite closes a connection of an unknown protocol version, with the rest of the
        // garbage unread: the system then resets it rather than ending it.
        let received = recv(descriptor, &answer, answer.count, 0)
        let error = errno
        #expect(received == 0 || (received < 0 && error == ECONNRESET), "recv gave \(received), errno \(error)")
        let db = try SQLContext(cluster: [address], database: "app", options: testOptions)
        defer { try? db.close() }
        #expect(try db.selectAll(sql: "SELECT 40 + 2") == [[.long(42)]])
    }

    @Test func theDialerGivesABlockingSocketWithNoDelayOrFailsCleanly() throws {
        let listener = try FakeNode(.silent)
        let descriptor = try #require(PeerDialer.dial(listener.address, timeout: 2))
        defer { close(descriptor) }
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        #expect(getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length) == 0 && value != 0)
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK == 0)
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)

        let started = Date()
        #expect(PeerDialer.dial("127.0.0.1:\(try freePort())", timeout: 2) == nil)
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(PeerDialer.dial("no-such-host.invalid:9001", timeout: 2) == nil)
        #expect(PeerDialer.dial("127.0.0.1", timeout: 2) == nil)
        var out: Int32 = -1
        #expect(PeerDialer.connectFunction(nil, nil, &out) != 0)
        #expect(out == -1)
    }
}
