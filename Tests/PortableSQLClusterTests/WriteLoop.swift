import Foundation
import PortableSQL
import PortableSQLCluster
internal import PortableSQLSystem

/// A thread that inserts unique values into `w(v)` one after the other on one cluster context,
/// and remembers what became of each: acknowledged (the call returned), refused as safe to
/// retry, or of unknown outcome. It never runs a failed write again.
final class WriteLoop: Sendable {
    struct Record {
        var acknowledged: [Int64] = []
        var safe: [Int64] = []
        var unknown: [Int64] = []
        var otherErrors: [String] = []
        var lastAcknowledgedAt = Date.distantPast
    }

    let record = Locked(Record())
    private let stopRequested = Locked(false)
    private let finished = Locked(false)

    /// Starts writing on a context opened with `open`.
    init(open: @escaping @Sendable () throws -> SQLContext) {
        let thread = Thread { [self] in
            defer { finished.withLock { $0 = true } }
            var value: Int64 = 0
            var context: SQLContext?
            while !stopRequested.withLock({ $0 }) {
                value += 1
                do {
                    if context == nil { context = try open() }
                    try context?.exec(sql: "INSERT INTO w(v) VALUES (?)", parameters: [.long(value)])
                    record.withLock {
                        $0.acknowledged.append(value)
                        $0.lastAcknowledgedAt = Date()
                    }
                } catch let error as SQLError {
                    record.withLock {
                        switch error.clusterRetry {
                        case .safe: $0.safe.append(value)
                        case .outcomeUnknown: $0.unknown.append(value)
                        case nil: $0.otherErrors.append("\(value): \(error)")
                        }
                    }
                } catch {
                    record.withLock { $0.otherErrors.append("\(value): \(error)") }
                }
            }
            try? context?.close()
        }
        thread.start()
    }

    /// Stops the loop and waits (at most `timeout` seconds) for its last write to end.
    func stop(timeout: Double = 30) -> Bool {
        stopRequested.withLock { $0 = true }
        return waitUntil(timeout: timeout) { finished.withLock { $0 } }
    }
}
