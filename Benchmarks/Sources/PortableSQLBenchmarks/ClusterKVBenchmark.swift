import Foundation

/// go-dqlite's workloads (`kvwrite`, `kvreadwrite`; 1, 4 and 16 workers; 32-byte keys,
/// 1024-byte values, autocommit) run by go-dqlite's `dqlite-benchmark` on its own 3 nodes and
/// by PortableSQL's client on 3 `sqlctx node`s, back to back on this machine, each on a new
/// cluster; prints operations per second, median and 99th percentile side by side.
enum ClusterKVBenchmark {
    /// Runs every cell for `seconds` each, starting the nodes with the `sqlctx` at `sqlctx`.
    ///
    /// - Throws: `BenchmarkFailure` when a program is missing or a cluster does not start.
    static func run(seconds: Int, workerCounts: [Int], sqlctx: String) throws {
        for program in [sqlctx, ClusterGoDqlite.program] where !FileManager.default.isExecutableFile(atPath: program) {
            throw BenchmarkFailure("\(program) is missing (sqlctx: build it with `swift build -c release --enable-all-traits --product sqlctx`; dqlite-benchmark: apt-get install go-dqlite)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portablesql-cluster-kv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        say("\ngo-dqlite's workloads on 3 nodes on 127.0.0.1, \(seconds) s per run, each run on a new cluster:")
        say("go-dqlite = dqlite-benchmark (go-dqlite 1.11.5's client and nodes); PortableSQL = SQLContext(cluster:) on 3 `sqlctx node`s")
        var rows: [(String, Int, ClusterKVResult, ClusterKVResult)] = []
        for workload in ClusterKVWorkload.allCases {
            for workers in workerCounts {
                let cell = "\(workload.rawValue)-\(workers)"
                say("\n\(workload.rawValue), \(workers) worker\(workers == 1 ? "" : "s")")
                let go = try ClusterGoDqlite.run(workload, workers: workers, seconds: seconds, folder: folder.appendingPathComponent("go-\(cell)"))
                say("  go-dqlite:   \(describe(go))")
                let ours = try runOurs(workload, workers: workers, seconds: seconds, sqlctx: sqlctx, folder: folder.appendingPathComponent("ours-\(cell)"))
                say("  PortableSQL: \(describe(ours))")
                rows.append((workload.rawValue, workers, go, ours))
            }
        }
        say("\nSummary (\(ISO8601DateFormatter().string(from: Date())))\n")
        say("| workload | workers | go-dqlite ops/s | median | p99 | PortableSQL ops/s | median | p99 | PortableSQL / go-dqlite |")
        say("|---|---|---|---|---|---|---|---|---|")
        for (workload, workers, go, ours) in rows {
            say("| \(workload) | \(workers) | \(Int(go.perSecond.rounded())) | \(milliseconds(go.median)) | \(milliseconds(go.p99)) | \(Int(ours.perSecond.rounded())) | \(milliseconds(ours.median)) | \(milliseconds(ours.p99)) | \(String(format: "%.2f×", ours.perSecond / go.perSecond)) |")
        }
    }

    /// PortableSQL's client on a new cluster of 3 `sqlctx node`s in `folder`.
    private static func runOurs(_ workload: ClusterKVWorkload, workers: Int, seconds: Int, sqlctx: String, folder: URL) throws -> ClusterKVResult {
        let processes = try ClusterProcesses(folder: folder)
        defer { processes.stopAll() }
        let addresses = try ClusterProcesses.freeAddresses(3)
        for (index, address) in addresses.enumerated() {
            var arguments = ["node", "--id", "\(index + 1)", "--address", address, "--data-dir", folder.appendingPathComponent("node\(index + 1)").path, "--stop-with-parent"]
            if index > 0 { arguments += ["--join", addresses[0]] }
            try processes.start(sqlctx, arguments, log: "node\(index + 1).log", readyLine: "ready")
        }
        return try workload.run(on: addresses, workers: workers, seconds: Double(seconds))
    }

    private static func describe(_ result: ClusterKVResult) -> String {
        "\(result.operations) operations, \(Int(result.perSecond.rounded()))/s, median \(milliseconds(result.median)), p99 \(milliseconds(result.p99))\(result.errors > 0 ? ", \(result.errors) errors" : "")"
    }

    private static func milliseconds(_ value: Double) -> String {
        String(format: "%.2f ms", value)
    }
}
