import Foundation
import PortableSQLCluster

/// Who runs go-dqlite's workloads in the `cluster` mode's kv part, chosen with `--kv-runs`:
/// which client, on which 3 nodes. Crossing the two clients and the two kinds of node tells a
/// client's cost from a node's.
enum ClusterKVRun: String, CaseIterable {
    /// go-dqlite's `dqlite-benchmark` on its own 3 nodes.
    case go
    /// go-dqlite's `dqlite-benchmark` on its own 3 nodes, driven from the third, a follower:
    /// go-dqlite's client in another process than the leader, as PortableSQL's always is.
    case goFromFollower = "go-from-follower"
    /// PortableSQL's client (`SQLContext(cluster:)`) on 3 `sqlctx node`s.
    case ours
    /// PortableSQL's client on 2 `sqlctx node`s, both voters: the replication that go-dqlite's
    /// own cluster does for the first seconds of a run, while its `app` keeps the second node
    /// to join a spare (no log sent to it; `ClusterVoterWatch` prints when that ends), so that
    /// each write waits for one follower.
    case oursOnTwoVoters = "ours-two-voters"
    /// PortableSQL's client in the process of the leader, an `SQLClusterNode`, with 2
    /// `sqlctx node`s: as `go` drives from its leader.
    case oursInLeader = "ours-in-leader"
    /// PortableSQL's client on 3 `dqlite-demo` nodes (go-dqlite's `app`, where libdqlite
    /// listens on the node's TCP address itself).
    case oursOnDemo = "ours-on-demo"
    /// `dqlite-benchmark`'s driver joined to 3 `sqlctx node`s as a fourth member (a stand-by:
    /// it receives the log, but does not vote), running the workload with go-dqlite's client
    /// on their leader.
    case goOnOurs = "go-on-ours"

    /// The runs made when `--kv-runs` is not given.
    static let defaults: [ClusterKVRun] = [.go, .ours]

    /// Runs `workload` with `workers` workers for `seconds` on new nodes in `folder`, the
    /// `sqlctx` nodes started from `sqlctx`.
    ///
    /// - Throws: `BenchmarkFailure` when a node does not start or a driver fails, `SQLError`
    ///   when PortableSQL's client cannot make the table.
    func run(_ workload: ClusterKVWorkload, workers: Int, seconds: Int, sqlctx: String, folder: URL) throws -> ClusterKVResult {
        let processes = try ClusterProcesses(folder: folder)
        defer { processes.stopAll() }
        switch self {
        case .go:
            return try ClusterGoDqlite.run(workload, workers: workers, seconds: seconds, processes: processes, joining: nil)
        case .goFromFollower:
            return try ClusterGoDqlite.run(workload, workers: workers, seconds: seconds, processes: processes, joining: nil, fromFollower: true)
        case .ours:
            let nodes = try ClusterNodes.startSqlctx(sqlctx, processes: processes)
            return try workload.run(on: nodes, workers: workers, seconds: Double(seconds))
        case .oursOnTwoVoters:
            let nodes = try ClusterNodes.startSqlctx(sqlctx, processes: processes, count: 2)
            return try workload.run(on: nodes, workers: workers, seconds: Double(seconds))
        case .oursInLeader:
            let (leader, nodes) = try ClusterNodes.startInProcessLeader(sqlctx, processes: processes)
            defer { leader.stop() }
            return try workload.run(on: nodes, workers: workers, seconds: Double(seconds))
        case .oursOnDemo:
            let nodes = try ClusterNodes.startDemo(processes: processes)
            return try workload.run(on: nodes, workers: workers, seconds: Double(seconds))
        case .goOnOurs:
            let nodes = try ClusterNodes.startSqlctx(sqlctx, processes: processes)
            return try ClusterGoDqlite.run(workload, workers: workers, seconds: seconds, processes: processes, joining: nodes)
        }
    }

    /// The runs named in `list` ("go,ours-on-demo").
    ///
    /// - Throws: `BenchmarkFailure` naming the first unknown run.
    static func parse(_ list: String) throws -> [ClusterKVRun] {
        try list.split(separator: ",").map { name in
            guard let run = ClusterKVRun(rawValue: String(name)) else {
                throw BenchmarkFailure("unknown --kv-runs entry \(name): one of \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return run
        }
    }
}
