import Foundation

/// go-dqlite's `dqlite-benchmark` (Debian's go-dqlite): three processes, each a node of
/// go-dqlite's `app` (libdqlite listening on the node's address itself, with Nagle's algorithm
/// on the connections it accepts; peers dialed by Go with TCP_NODELAY, Go's default), the first
/// the driver that runs the workload with go-dqlite's client on itself, the leader, and writes
/// every operation's time to files.
enum ClusterGoDqlite {
    static let program = "/usr/bin/dqlite-benchmark"

    /// Runs `workload` with `workers` workers for `seconds` (whole seconds, as the tool takes
    /// them) in `processes`' folder: on a new 3-node cluster of its own, driven from its first
    /// node (the leader) or, `fromFollower`, from its third; or, `joining` the nodes at those
    /// addresses, on them, with one process that joins them as a fourth member and drives.
    /// Returns the times it wrote.
    ///
    /// - Throws: `BenchmarkFailure` when a node does not start, the driver fails, or its
    ///   results cannot be read.
    static func run(_ workload: ClusterKVWorkload, workers: Int, seconds: Int, processes: ClusterProcesses, joining: [String]?, fromFollower: Bool = false) throws -> ClusterKVResult {
        let folder = processes.folder
        let own = try ClusterProcesses.freeAddresses(joining == nil ? 3 : 1)
        let cluster = joining ?? own
        let driverIndex = fromFollower ? 2 : 0
        let driverArguments = [
            "--driver", "--cluster", cluster.joined(separator: ","),
            "--workload", workload.rawValue, "--workers", "\(workers)", "--duration", "\(seconds)",
            "--key-size", "\(ClusterKVWorkload.keySize)", "--value-size", "\(ClusterKVWorkload.valueSize)",
        ]
        var driver: Process?
        for index in own.indices {
            var arguments = ["--dir", folder.path, "--cluster-timeout", "60", "--db", own[index]]
            if let joining { arguments += ["--join", joining[0]] } else if index > 0 { arguments += ["--join", own[0]] }
            let isDriver = index == driverIndex || joining != nil
            let process = try processes.start(program, arguments + (isDriver ? driverArguments : []), log: "node\(index + 1).log")
            if isDriver { driver = process }
            if index == 0 { Thread.sleep(forTimeInterval: 0.5) }
        }
        guard let driver else { throw BenchmarkFailure("dqlite-benchmark's driver did not start") }
        let deadline = Date().addingTimeInterval(Double(seconds) + 120)
        while driver.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let driverAddress = own[joining == nil ? driverIndex : 0]
        let log = (try? String(contentsOf: folder.appendingPathComponent("node\(own.firstIndex(of: driverAddress)! + 1).log"), encoding: .utf8)) ?? ""
        guard !driver.isRunning, driver.terminationStatus == 0 else {
            throw BenchmarkFailure("dqlite-benchmark's driver failed: \(log)")
        }
        return try results(in: folder.appendingPathComponent(driverAddress).appendingPathComponent("results"), workers: workers, seconds: Double(seconds))
    }

    /// Reads the driver's result files: one per worker and kind of operation, named
    /// "WORKER-KIND-TIME", each with a line "n_err N" (its failed attempts) and, after the line
    /// "measurements …", one line "TIMESTAMP MILLISECONDS" per operation up to an empty line.
    /// dqlite-benchmark writes a worker's file for a kind only when one of its operations of that
    /// kind succeeded: the failures of a worker without any file are not counted, which this
    /// says when it happens.
    private static func results(in directory: URL, workers: Int, seconds: Double) throws -> ClusterKVResult {
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
        let reporting = Set(files.compactMap { $0.split(separator: "-").first })
        if reporting.count < workers {
            say("    dqlite-benchmark wrote no results for \(workers - reporting.count) of \(workers) workers: their failed attempts are not counted")
        }
        return ClusterKVResult(times: times, failedAttempts: errors, seconds: seconds)
    }
}
