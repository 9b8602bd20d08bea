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
    /// Says the figures of the whole run and how many nodes voted when (`ClusterVoterWatch`);
    /// returns those of the part of the run when 3 voted, as PortableSQL's runs start (those of
    /// the whole run, saying so, when that part is under 1 s: a short `--seconds`).
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
        let watch = ClusterVoterWatch(cluster)
        let deadline = Date().addingTimeInterval(Double(seconds) + 120)
        while driver.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let (threeVoters, voters) = watch.stop()
        let driverAddress = own[joining == nil ? driverIndex : 0]
        let log = (try? String(contentsOf: folder.appendingPathComponent("node\(own.firstIndex(of: driverAddress)! + 1).log"), encoding: .utf8)) ?? ""
        guard !driver.isRunning, driver.terminationStatus == 0 else {
            throw BenchmarkFailure("dqlite-benchmark's driver failed: \(log)")
        }
        let results = try GoResults(in: folder.appendingPathComponent(driverAddress).appendingPathComponent("results"), workers: workers)
        let whole = results.result(seconds: Double(seconds), from: nil)
        say("    whole run: \(whole.operations) operations, \(Int(whole.perSecond.rounded()))/s, \(whole.failedAttempts) failed; \(voters)")
        let voting = threeVoters.map { results.result(seconds: Double(seconds), from: $0) }
        guard let voting, voting.seconds >= 1 else {
            say("    its 3 nodes voted together for under 1 s of the run: counted over the whole run, early writes committed on the leader alone")
            return whole
        }
        return voting
    }
}

/// What `dqlite-benchmark`'s driver wrote: when each operation started and its time, and when
/// each failed attempt was made.
private struct GoResults {
    var operations: [(start: UInt64, milliseconds: Double)] = []
    var failures: [UInt64] = []
    /// The failed attempts counted in the files' "n_err" lines.
    var failedAttempts = 0

    /// Reads the driver's result files: one per worker and kind of operation, named
    /// "WORKER-KIND-TIME", each with a line "n_err N" (its failed attempts) and, after the line
    /// "measurements …", one line "TIMESTAMP MILLISECONDS" per operation up to an empty line.
    /// dqlite-benchmark writes a worker's file for a kind only when one of its operations of that
    /// kind succeeded: the failures of a worker without any file are not counted, which this
    /// says when it happens.
    init(in directory: URL, workers: Int) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        guard !files.isEmpty else { throw BenchmarkFailure("dqlite-benchmark wrote no results in \(directory.path)") }
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            var section = ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let fields = line.split(separator: " ", maxSplits: 1)
                if line.hasPrefix("n_err ") { failedAttempts += Int(line.dropFirst(6)) ?? 0 }
                if line.hasPrefix("measurements") || line == "errors" {
                    section = String(fields[0])
                } else if fields.count == 2, let start = UInt64(fields[0]) {
                    if section == "measurements", let milliseconds = Double(fields[1]) {
                        operations.append((start, milliseconds))
                    } else if section == "errors" {
                        failures.append(start)
                    }
                }
            }
        }
        let reporting = Set(files.compactMap { $0.split(separator: "-").first })
        if reporting.count < workers {
            say("    dqlite-benchmark wrote no results for \(workers - reporting.count) of \(workers) workers: their failed attempts are not counted")
        }
    }

    /// The figures of the run of `seconds`, or of its part from `start` on (its operations and
    /// failed attempts over the time left).
    func result(seconds: Double, from start: Date?) -> ClusterKVResult {
        guard let start else { return ClusterKVResult(times: operations.map(\.milliseconds), failedAttempts: failedAttempts, seconds: seconds) }
        let first = min(operations.map(\.start).min() ?? .max, failures.min() ?? .max)
        let from = max(first, UInt64(start.timeIntervalSince1970 * 1e9))
        let end = first + UInt64(seconds * 1e9)
        let kept = operations.filter { $0.start >= from }.map(\.milliseconds)
        let failed = failures.filter { $0 >= from }.count
        return ClusterKVResult(times: kept, failedAttempts: failed, seconds: max(0.001, Double(end - min(end, from)) / 1e9))
    }
}
