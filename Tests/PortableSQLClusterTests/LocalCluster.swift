import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLTestSupport

internal import PortableSQLSystem

/// A failure of the test fixtures themselves.
struct ClusterTestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A port on 127.0.0.1 that nothing listens on right now (the system's pick for port 0).
func freePort() throws -> Int {
    let descriptor = StreamSocket.open(family: AF_INET)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw ClusterTestFailure("cannot find a free port") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Waits up to `timeout` seconds for `condition`; returns whether it came true.
func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
}

/// Time limits for tests: short, so that a failure shows quickly.
let testOptions = SQLClusterOptions(connectTimeout: 1, requestTimeout: 5, leaderSearchTimeout: 10)

/// A cluster of `sqlctx node` child processes on 127.0.0.1, in a temporary folder; every
/// process is killed when the value is released (or `stopAll()` is called), whatever happened,
/// and stops by itself should the test process die first (`--stop-with-parent`).
final class LocalCluster {
    /// One node: its id, address, data folder and process, when running.
    final class Node {
        let id: UInt64
        let address: String
        let dataDirectory: String
        fileprivate(set) var process: Process?
        fileprivate(set) var starts = 0

        init(id: UInt64, address: String, dataDirectory: String) {
            self.id = id
            self.address = address
            self.dataDirectory = dataDirectory
        }
    }

    let folder: TemporaryDirectory
    private(set) var nodes: [Node] = []
    private let program: String
    private let latencyMilliseconds: Int

    /// Starts `size` nodes: node 1 bootstraps, the others join it one after the other. Their
    /// planned latency is 50 ms by default (an election after 0.75 s without a heartbeat), so
    /// that the suites running at once on two busy cores do not cause elections; the
    /// failover tests plan 20 ms, to measure a quick takeover.
    init(size: Int = 3, latencyMilliseconds: Int = 50) throws {
        self.latencyMilliseconds = latencyMilliseconds
        folder = try TemporaryDirectory()
        program = try builtProduct("sqlctx")
        for id in 1...UInt64(size) {
            try startNew(id: id)
        }
    }

    /// Starts node `id` on a free port; picks another port when the one chosen was taken in
    /// between (by another test's outgoing connection, say), up to 3 times.
    private func startNew(id: UInt64) throws {
        for attempt in 1...3 {
            let node = Node(id: id, address: "127.0.0.1:\(try freePort())", dataDirectory: folder.path("node\(id)"))
            nodes.append(node)
            do {
                return try start(node)
            } catch let failure as ClusterTestFailure where attempt < 3 && failure.description.contains(String(cString: strerror(EADDRINUSE))) {
                nodes.removeLast()
            }
        }
    }

    deinit {
        stopAll()
    }

    /// The addresses of every node.
    var addresses: [String] { nodes.map(\.address) }

    /// A context on the database `database` of this cluster.
    func context(_ database: String = "app", options: SQLClusterOptions = testOptions) throws -> SQLContext {
        try SQLContext(cluster: addresses, database: database, options: options)
    }

    /// The node that leads now.
    func leader() throws -> Node {
        let leader = try SQLClusterNode.leader(of: addresses, options: testOptions)
        guard let node = nodes.first(where: { $0.id == leader.id }) else {
            throw ClusterTestFailure("unknown leader \(leader)")
        }
        return node
    }

    /// Starts `node` (again), joining the cluster when it is not node 1, and waits for its
    /// "ready" line.
    func start(_ node: Node) throws {
        let log = folder.path("node\(node.id)-\(node.starts).log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        var arguments = ["node", "--id", "\(node.id)", "--address", node.address, "--data-dir", node.dataDirectory, "--latency-ms", "\(latencyMilliseconds)", "--stop-with-parent"]
        if node.id != 1 { arguments += ["--join", nodes[0].address] }
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = process.standardOutput
        try process.run()
        node.process = process
        node.starts += 1
        let ready = waitUntil(timeout: 30) {
            (try? String(contentsOfFile: log, encoding: .utf8))?.contains("ready") == true || !process.isRunning
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard ready, process.isRunning else {
            kill(node)
            throw ClusterTestFailure("node \(node.id) did not start: \(output)")
        }
    }

    /// What `node` printed since its last start (its "ready" line, and its log on standard error).
    func log(of node: Node) -> String {
        (try? String(contentsOfFile: folder.path("node\(node.id)-\(max(node.starts - 1, 0)).log"), encoding: .utf8)) ?? ""
    }

    /// Kills `node` with SIGKILL and waits for it to end.
    func kill(_ node: Node) {
        guard let process = node.process else { return }
        node.process = nil
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops `node` with SIGTERM; returns its exit status, or `nil` when it did not end within
    /// 10 s (it is then killed).
    func terminate(_ node: Node) -> Int32? {
        guard let process = node.process else { return nil }
        Glibc.kill(process.processIdentifier, SIGTERM)
        let ended = waitUntil(timeout: 10) { !process.isRunning }
        if !ended { kill(node) }
        node.process = nil
        return ended ? process.terminationStatus : nil
    }

    /// Kills every node.
    func stopAll() {
        nodes.forEach(kill)
    }
}
