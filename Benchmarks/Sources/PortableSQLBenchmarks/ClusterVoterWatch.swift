import Foundation
import PortableSQLCluster

/// Watches a go-dqlite cluster until 3 of its members vote, asking its leader ten times a
/// second, then stops asking so as not to load the nodes.
///
/// `dqlite-benchmark`'s driver starts its workload once the 3 nodes are members and answer,
/// not once they vote: go-dqlite's `app` adds a joining node as a spare and makes it a voter
/// later (the third to join promotes itself and then the second). A spare receives no log, so
/// while the leader is the only voter a write commits on the leader alone, with no round trip
/// to a follower: measured 0.65 ms a write against 1.6–2.1 ms once 3 voted, a third of a 6 s
/// run's writes. The kv table compares the clients over the time all 3 voted.
final class ClusterVoterWatch: @unchecked Sendable {
    private let start = Date()
    // Read and written under `lock` only.
    private var changes: [(seconds: Double, voters: Int)] = []
    private var threeVoters: Date?
    private var stopped = false
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    /// Starts watching the cluster that `addresses` belong to.
    init(_ addresses: [String]) {
        Thread.detachNewThread { [self] in
            while !lock.withLock({ stopped || threeVoters != nil }) {
                if let members = try? SQLClusterNode.members(of: addresses) {
                    let voters = members.filter(\.isVoter).count
                    let now = Date()
                    lock.withLock {
                        if changes.last?.voters != voters { changes.append((now.timeIntervalSince(start), voters)) }
                        if voters >= 3 { threeVoters = now }
                    }
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            done.signal()
        }
    }

    /// Stops watching; returns when 3 members were first seen voting (`nil` when they never
    /// were) and how the count went: "voters: 1 from 0.0 s, 2 from 1.0 s, 3 from 2.0 s".
    func stop() -> (threeVoters: Date?, description: String) {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock {
            let steps = changes.map { "\($0.voters) from \(String(format: "%.1f", $0.seconds)) s" }
            return (threeVoters, "voters: " + (steps.isEmpty ? "unknown" : steps.joined(separator: ", ")) + " after the 3 processes started")
        }
    }
}
