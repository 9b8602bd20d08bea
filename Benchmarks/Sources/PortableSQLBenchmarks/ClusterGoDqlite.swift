import Foundation

/// go-dqlite's `dqlite-benchmark` (Debian's go-dqlite): three processes, each a node of
/// go-dqlite's `app` (which proxies its connections and dials its peers with TCP_NODELAY, Go's
/// default), the first the driver that runs the workload with go-dqlite's client on itself,
/// the leader, and writes every operation's time to files.
enum ClusterGoDqlite {
    static let program = "/usr/bin/dqlite-benchmark"

    /// Runs `workload` with `workers` workers for `seconds` (whole seconds, as the tool takes
    /// them) on a new 3-node cluster in `folder`; returns the times it wrote.
    ///
    /// - Throws: `BenchmarkFailure` when a node does not start, the driver fails, or its
    ///   results cannot be read.
    static func run(_ workload: ClusterKVWorkload, workers: Int, seconds: Int, folder: URL) throws -> ClusterKVResult {
        let processes = try ClusterProcesses(folder: folder)
        defer { processes.stopAll() }
        let addresses = try ClusterProcesses.freeAddresses(3)
        let common = ["--dir", folder.path, "--cluster-timeout", "60"]
        let driver = try processes.start(program, common + [
            "--db", addresses[0], "--driver", "--cluster", addresses.joined(separator: ","),
            "--workload", workload.rawValue, "--workers", "\(workers)", "--duration", "\(seconds)",
            "--key-size", "\(ClusterKVWorkload.keySize)", "--value-size", "\(ClusterKVWorkload.valueSize)",
        ], log: "node1.log")
        for index in 1..<3 {
            try processes.start(program, common + ["--db", addresses[index], "--join", addresses[0]], log: "node\(index + 1).log")
        }
        let deadline = Date().addingTimeInterval(Double(seconds) + 120)
        while driver.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let log = (try? String(contentsOf: folder.appendingPathComponent("node1.log"), encoding: .utf8)) ?? ""
        guard !driver.isRunning, driver.terminationStatus == 0 else {
            throw BenchmarkFailure("dqlite-benchmark's driver failed: \(log)")
        }
        return try results(in: folder.appendingPathComponent(addresses[0]).appendingPathComponent("results"), seconds: Double(seconds))
    }

    /// Reads the driver's result files: one per worker and kind of operation, each with a line
    /// "n_err N" and, after the line "measurements …", one line "TIMESTAMP MILLISECONDS" per
    /// operation up to an empty line.
    private static func results(in directory: URL, seconds: Double) throws -> ClusterKVResult {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        guard !files.isEmpty else { throw BenchmarkFailure("dqlite-benchmark wrote no results in \(directory.path)") }
        var times: [Double] = []
        var errors = 0
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            var inMeasurements = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("n_err ") { errors += Int(line.dropFirst(6)) ?? 0 }
                if line.hasPrefix("measurements") {
                    inMeasurements = true
                } else if inMeasurements {
                    let fields = line.split(separator: " ")
                    guard fields.count == 2, let milliseconds = Double(fields[1]) else { break }
                    times.append(milliseconds)
                }
            }
        }
        return ClusterKVResult(times: times, errors: errors, seconds: seconds)
    }
}
