import Foundation
import PortableSQLCluster

/// go-dqlite's `dqlite-benchmark` workloads, run by PortableSQL's client: each worker a thread
/// with its own `SQLContext` on the cluster, autocommit, until the time is up.
///
/// A failed operation is handled as dqlite-benchmark's workers handle one: counted, and the
/// next operation (a new key) started at once, without a pause. go-dqlite's driver returns
/// SQLITE_BUSY ("database is locked") to its caller at once, as `SQLContext` does with its
/// `busyTimeout` at 0, its default, which the workers keep.
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
    ///   context counts a failed attempt).
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
                    results.add(ClusterKVTally(failed: 1, firstFailure: "\(error)"))
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return results.result(seconds: elapsed)
    }

    /// One worker's loop: the time of each operation in milliseconds, and its failures.
    private func work(_ context: SQLContext, until end: UInt64) -> ClusterKVTally {
        var tally = ClusterKVTally()
        var keys: [String] = []
        var random = WorkloadRandom()
        while DispatchTime.now().uptimeNanoseconds < end {
            let read = self == .kvreadwrite && Bool.random(using: &random) && !keys.isEmpty
            let key = read ? keys.randomElement(using: &random)! : Self.randomLetters(Self.keySize, using: &random)
            let value = read ? "" : Self.randomValue(using: &random)
            let started = DispatchTime.now().uptimeNanoseconds
            do {
                if read {
                    _ = try context.selectAll(sql: Self.readSQL, parameters: [.text(key)])
                } else {
                    try context.exec(sql: Self.writeSQL, parameters: [.text(key), .text(value)])
                    keys.append(key)
                }
                tally.times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            } catch {
                tally.failed += 1
                if tally.firstFailure == nil { tally.firstFailure = "\(error)" }
            }
        }
        return tally
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// `count` random ASCII letters, as go-dqlite's workers make keys and values.
    static func randomLetters(_ count: Int, using random: inout WorkloadRandom) -> String {
        String(decoding: (0..<count).map { _ in letters.randomElement(using: &random)! }, as: UTF8.self)
    }

    /// A value as go-dqlite's workers make one: one random letter repeated over the first half,
    /// random letters in the second. Built as bytes, in one buffer: go's `strings.Repeat` copies
    /// the letter in blocks, where appending a one-letter `String` 512 times took a quarter of
    /// this client's processor time with 16 workers.
    static func randomValue(using random: inout WorkloadRandom) -> String {
        var bytes = [UInt8](repeating: letters.randomElement(using: &random)!, count: valueSize / 2)
        bytes.reserveCapacity(valueSize)
        for _ in 0..<(valueSize - valueSize / 2) { bytes.append(letters.randomElement(using: &random)!) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The operations of one run: how many per second, their median and 99th percentile, and how
/// many attempts failed beside them.
struct ClusterKVResult {
    let operations: Int
    let failedAttempts: Int
    let perSecond: Double
    let median: Double
    let p99: Double
    /// The time the figures are over.
    let seconds: Double

    /// The figures of `times` (milliseconds) over `seconds`, beside `failedAttempts`.
    init(times: [Double], failedAttempts: Int, seconds: Double) {
        let sorted = times.sorted()
        operations = sorted.count
        self.failedAttempts = failedAttempts
        self.seconds = seconds
        perSecond = Double(sorted.count) / seconds
        median = sorted.isEmpty ? .nan : sorted[(sorted.count - 1) / 2]
        p99 = sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }
}

/// One worker's operations: the time of each that succeeded, in milliseconds; how many failed,
/// and the first failure's message.
struct ClusterKVTally {
    var times: [Double] = []
    var failed = 0
    var firstFailure: String?
}

/// The workers' tallies, gathered as each worker ends.
private final class ClusterKVCollector: @unchecked Sendable {
    // Read and written under `lock` only.
    private var total = ClusterKVTally()
    private let lock = NSLock()

    func add(_ worker: ClusterKVTally) {
        lock.withLock {
            total.times += worker.times
            total.failed += worker.failed
            if total.firstFailure == nil { total.firstFailure = worker.firstFailure }
        }
    }

    func result(seconds: Double) -> ClusterKVResult {
        lock.withLock {
            if let first = total.firstFailure { say("    \(total.failed) failed attempts, the first: \(first)") }
            return ClusterKVResult(times: total.times, failedAttempts: total.failed, seconds: seconds)
        }
    }
}
