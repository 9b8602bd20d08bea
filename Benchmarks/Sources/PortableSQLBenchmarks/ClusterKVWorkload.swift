import Foundation
import PortableSQLCluster

/// go-dqlite's `dqlite-benchmark` workloads, run by PortableSQL's client: each worker a thread
/// with its own `SQLContext` on the cluster, autocommit, until the time is up.
enum ClusterKVWorkload: String, CaseIterable {
    /// `INSERT OR REPLACE INTO model(key, value) VALUES(?, ?)` with a new random key each time.
    case kvwrite
    /// Half reads of a key this worker wrote (`SELECT value FROM model WHERE key = ?`), half
    /// writes as in `kvwrite`; a write while the worker has written nothing yet.
    case kvreadwrite

    static let schema = "CREATE TABLE IF NOT EXISTS model (key TEXT, value TEXT, UNIQUE(key))"
    static let writeSQL = "INSERT OR REPLACE INTO model(key, value) VALUES(?, ?)"
    static let readSQL = "SELECT value FROM model WHERE key = ?"
    static let keySize = 32
    static let valueSize = 1024

    /// Runs `workers` workers for `seconds` on the database "benchmark" of `cluster`; returns
    /// every operation's time.
    ///
    /// - Throws: `SQLError` when the table cannot be made (a worker that cannot open its
    ///   context counts an error).
    func run(on cluster: [String], workers: Int, seconds: Double) throws -> ClusterKVResult {
        let setup = try SQLContext(cluster: cluster, database: "benchmark")
        try setup.exec(sql: Self.schema)
        try setup.close()
        let results = ClusterKVCollector()
        let group = DispatchGroup()
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                do {
                    let context = try SQLContext(cluster: cluster, database: "benchmark")
                    results.add(work(context, until: end))
                    try context.close()
                } catch {
                    results.add(([], ["\(error)"]))
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return results.result(seconds: elapsed)
    }

    /// One worker's loop: the time of each operation in milliseconds, and its errors.
    private func work(_ context: SQLContext, until end: UInt64) -> ([Double], [String]) {
        var times: [Double] = []
        var errors: [String] = []
        var keys: [String] = []
        var random = WorkloadRandom()
        while DispatchTime.now().uptimeNanoseconds < end {
            let read = self == .kvreadwrite && Bool.random(using: &random) && !keys.isEmpty
            let key = read ? keys.randomElement(using: &random)! : Self.randomLetters(Self.keySize, using: &random)
            let value = read ? "" : String(repeating: Self.randomLetters(1, using: &random), count: Self.valueSize / 2) + Self.randomLetters(Self.valueSize / 2, using: &random)
            let started = DispatchTime.now().uptimeNanoseconds
            do {
                if read {
                    _ = try context.selectAll(sql: Self.readSQL, parameters: [.text(key)])
                } else {
                    try context.exec(sql: Self.writeSQL, parameters: [.text(key), .text(value)])
                    keys.append(key)
                }
                times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            } catch {
                errors.append("\(error)")
            }
        }
        return (times, errors)
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// `count` random ASCII letters, as go-dqlite's workers make keys and values.
    static func randomLetters(_ count: Int, using random: inout WorkloadRandom) -> String {
        String(decoding: (0..<count).map { _ in letters.randomElement(using: &random)! }, as: UTF8.self)
    }
}

/// The operations of one run: how many per second, and their median and 99th percentile.
struct ClusterKVResult {
    let operations: Int
    let errors: Int
    let perSecond: Double
    let median: Double
    let p99: Double

    /// The figures of `times` (milliseconds) over `seconds`.
    init(times: [Double], errors: Int, seconds: Double) {
        let sorted = times.sorted()
        operations = sorted.count
        self.errors = errors
        perSecond = Double(sorted.count) / seconds
        median = sorted.isEmpty ? .nan : sorted[(sorted.count - 1) / 2]
        p99 = sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }
}

/// The workers' times, gathered as each worker ends.
private final class ClusterKVCollector: @unchecked Sendable {
    // Read and written under `lock` only.
    private var times: [Double] = []
    private var errors: [String] = []
    private let lock = NSLock()

    func add(_ worker: ([Double], [String])) {
        lock.withLock {
            times += worker.0
            errors += worker.1
        }
    }

    func result(seconds: Double) -> ClusterKVResult {
        lock.withLock {
            if let first = errors.first { say("    \(errors.count) errors, the first: \(first)") }
            return ClusterKVResult(times: times, errors: errors.count, seconds: seconds)
        }
    }
}
