import Foundation

/// go-dqlite's workloads (`kvwrite`, `kvreadwrite`; 1, 4 and 16 workers; 32-byte keys,
/// 1024-byte values, autocommit) run by each of `runs` (by default go-dqlite's
/// `dqlite-benchmark` on its own 3 nodes, and PortableSQL's client on 3 `sqlctx node`s), back to
/// back on this machine, each on a new cluster; prints operations per second, median and 99th
/// percentile, and the failed attempts ("database is locked", retried at once by both clients)
/// side by side.
enum ClusterKVBenchmark {
    /// Runs every cell for `seconds` each, starting `sqlctx` nodes with the `sqlctx` at `sqlctx`.
    ///
    /// - Throws: `BenchmarkFailure` when a program is missing or a cluster does not start.
    static func run(seconds: Int, workerCounts: [Int], sqlctx: String, runs: [ClusterKVRun]) throws {
        for program in [sqlctx, ClusterGoDqlite.program] where !FileManager.default.isExecutableFile(atPath: program) {
            throw BenchmarkFailure("\(program) is missing (sqlctx: build it with `swift build -c release --enable-all-traits --product sqlctx`; dqlite-benchmark: apt-get install go-dqlite)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portablesql-cluster-kv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        say("\ngo-dqlite's workloads on 3 nodes on 127.0.0.1, \(seconds) s per run, each run on a new cluster:")
        say("go = dqlite-benchmark (go-dqlite 1.11.5's client and nodes) driven from the leader; go-from-follower = driven from a follower;")
        say("  the go runs' figures are those of the time all 3 of their nodes voted (dqlite-benchmark starts while 1 does: see ClusterVoterWatch);")
        say("ours = SQLContext(cluster:) on 3 `sqlctx node`s; ours-in-leader = SQLContext(cluster:) in the process of the leader, an SQLClusterNode, with 2 `sqlctx node`s;")
        say("ours-two-voters = SQLContext(cluster:) on 2 `sqlctx node`s: what go's cluster replicates while its second node is a spare;")
        say("ours-on-demo = SQLContext(cluster:) on 3 dqlite-demo nodes; go-on-ours = dqlite-benchmark joined to 3 `sqlctx node`s")
        var rows: [(String, Int, [ClusterKVResult])] = []
        for workload in ClusterKVWorkload.allCases {
            for workers in workerCounts {
                let cell = "\(workload.rawValue)-\(workers)"
                say("\n\(workload.rawValue), \(workers) worker\(workers == 1 ? "" : "s")")
                var results: [ClusterKVResult] = []
                for run in runs {
                    let result = try run.run(workload, workers: workers, seconds: seconds, sqlctx: sqlctx, folder: folder.appendingPathComponent("\(run.rawValue)-\(cell)"))
                    say("  \(run.rawValue): \(describe(result))")
                    results.append(result)
                }
                rows.append((workload.rawValue, workers, results))
            }
        }
        say("\nSummary (\(ISO8601DateFormatter().string(from: Date()))): operations per second (median, p99) + failed attempts in the run\n")
        let ratio = runs.firstIndex(of: .go).flatMap { go in runs.firstIndex(of: .ours).map { (go, $0) } }
        say("| workload | workers | " + runs.map(\.rawValue).joined(separator: " | ") + (ratio == nil ? "" : " | ours / go") + " |")
        say("|---|---|" + String(repeating: "---|", count: runs.count + (ratio == nil ? 0 : 1)))
        for (workload, workers, results) in rows {
            let cells = results.map { "\(Int($0.perSecond.rounded())) (\(milliseconds($0.median)), \(milliseconds($0.p99))) + \($0.failedAttempts) failed" }
            let quotient = ratio.map { String(format: " | %.2f×", results[$0.1].perSecond / results[$0.0].perSecond) } ?? ""
            say("| \(workload) | \(workers) | " + cells.joined(separator: " | ") + quotient + " |")
        }
    }

    private static func describe(_ result: ClusterKVResult) -> String {
        "\(result.operations) operations, \(Int(result.perSecond.rounded()))/s, median \(milliseconds(result.median)), p99 \(milliseconds(result.p99))\(result.failedAttempts > 0 ? ", \(result.failedAttempts) failed attempts" : "")"
    }

    private static func milliseconds(_ value: Double) -> String {
        String(format: "%.2f ms", value)
    }
}
