import Foundation
import PortableSQLCluster

/// The nodes that a client of the kv runs works on: `sqlctx node`s, or go-dqlite's
/// `dqlite-demo`s. Each start returns the nodes' addresses once all are voters.
enum ClusterNodes {
    static let demoProgram = "/usr/bin/dqlite-demo"

    /// Starts `count` `sqlctx node`s (3 unless told) from `sqlctx` in `processes`' folder.
    ///
    /// - Throws: `BenchmarkFailure` when a node does not print "ready" within 60 s.
    static func startSqlctx(_ sqlctx: String, processes: ClusterProcesses, count: Int = 3) throws -> [String] {
        let addresses = try ClusterProcesses.freeAddresses(count)
        for index in addresses.indices {
            try startSqlctxNode(sqlctx, index: index, of: addresses, processes: processes)
        }
        try waitForVoters(addresses)
        return addresses
    }

    /// Starts the first of 3 nodes in this process (an `SQLClusterNode`, the leader: go-dqlite's
    /// `dqlite-benchmark` drives from its own node this way) and the 2 others as `sqlctx node`s
    /// from `sqlctx` joining it; returns the node of this process, which the caller stops, and
    /// the 3 addresses.
    ///
    /// - Throws: `SQLError` when the node of this process does not start, `BenchmarkFailure`
    ///   when another does not print "ready" within 60 s.
    static func startInProcessLeader(_ sqlctx: String, processes: ClusterProcesses) throws -> (SQLClusterNode, [String]) {
        let addresses = try ClusterProcesses.freeAddresses(3)
        let leader = try SQLClusterNode(id: 1, address: addresses[0], dataDirectory: processes.folder.appendingPathComponent("node1").path)
        do {
            for index in 1..<3 {
                try startSqlctxNode(sqlctx, index: index, of: addresses, processes: processes)
            }
            try waitForVoters(addresses)
        } catch {
            leader.stop()
            throw error
        }
        return (leader, addresses)
    }

    /// Starts node `index + 1` of `addresses` as a `sqlctx node` that stops with this process;
    /// each but the first joins the first.
    ///
    /// - Throws: `BenchmarkFailure` when it does not print "ready" within 60 s.
    private static func startSqlctxNode(_ sqlctx: String, index: Int, of addresses: [String], processes: ClusterProcesses) throws {
        var arguments = [
            "node", "--id", "\(index + 1)", "--address", addresses[index], "--data-dir",
            processes.folder.appendingPathComponent("node\(index + 1)").path, "--stop-with-parent",
        ]
        if index > 0 { arguments += ["--join", addresses[0]] }
        try processes.start(sqlctx, arguments, log: "node\(index + 1).log", readyLine: "ready")
    }

    /// Starts 3 `dqlite-demo` nodes in `processes`' folder (each with an HTTP address of its
    /// own, which the benchmark does not use).
    ///
    /// - Throws: `BenchmarkFailure` when `dqlite-demo` is missing, the first does not lead
    ///   within 60 s, or the 3 are not voters 60 s later (go-dqlite's `app` makes a node that
    ///   joins a voter only once there are 3).
    static func startDemo(processes: ClusterProcesses) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: demoProgram) else {
            throw BenchmarkFailure("\(demoProgram) is missing (apt-get install go-dqlite)")
        }
        let addresses = try ClusterProcesses.freeAddresses(3)
        let apis = try ClusterProcesses.freeAddresses(3)
        for (index, address) in addresses.enumerated() {
            let directory = processes.folder.appendingPathComponent("node\(index + 1)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var arguments = ["--db", address, "--api", apis[index], "--dir", directory.path]
            if index > 0 { arguments += ["--join", addresses[0]] }
            try processes.start(demoProgram, arguments, log: "node\(index + 1).log")
            if index == 0 { try waitForVoters([address]) }
        }
        try waitForVoters(addresses)
        return addresses
    }

    /// Waits until the leader of `addresses` counts all of them as voters.
    ///
    /// - Throws: `BenchmarkFailure` when that takes more than 60 s.
    private static func waitForVoters(_ addresses: [String]) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let members = (try? SQLClusterNode.members(of: addresses)) ?? []
            if Set(members.filter(\.isVoter).map(\.address)) == Set(addresses) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw BenchmarkFailure("the nodes \(addresses.joined(separator: ", ")) are not all voters after 60 s")
    }
}
