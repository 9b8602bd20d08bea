#if Tool
import Foundation
import PortableSQLCluster

/// What `sqlctx node` tells on standard error while it serves, one line each: the leader it
/// follows (`leader 1 127.0.0.1:9001`), the loss of any leader (`leader lost`), the members
/// when it first finds a leader (`member 2 127.0.0.1:9002`), members that join or leave later
/// (`member 3 127.0.0.1:9003 joined`), and its clean stop.
final class NodeWatch: @unchecked Sendable {
    /// The node's own address, through which the cluster is asked.
    private let address: String
    /// How often the cluster is asked.
    private let interval: TimeInterval
    /// Set when the watch is to end; read by its thread.
    private let stopped = NSCondition()
    private var isStopped = false

    /// A watch of the cluster through the node at `address`, asking every `interval` seconds.
    init(address: String, interval: TimeInterval = 1) {
        self.address = address
        self.interval = interval
    }

    /// Starts asking, on a thread of its own, until `stop()`.
    func start() {
        Thread { [self] in watch() }.start()
    }

    /// Ends the watch.
    func stop() {
        stopped.withLock {
            isStopped = true
            stopped.broadcast()
        }
    }

    /// Prints `line` on standard error.
    static func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Asks for the leader and the members, and tells what changed since the last time.
    private func watch() {
        let options = SQLClusterOptions(connectTimeout: 1, requestTimeout: 2, leaderSearchTimeout: 2)
        var leader: (id: UInt64, address: String)?
        var hadLeader = false
        var members: [UInt64: String]?
        while !waitOrStop() {
            let current = try? SQLClusterNode.leader(of: [address], options: options)
            if let current, current.id != leader?.id || current.address != leader?.address {
                Self.log("leader \(current.id) \(current.address)")
            } else if current == nil, hadLeader, leader != nil {
                Self.log("leader lost")
            }
            leader = current
            hadLeader = hadLeader || current != nil
            guard current != nil, let listed = try? SQLClusterNode.members(of: [address], options: options) else { continue }
            let now = Dictionary(listed.map { ($0.id, $0.address) }, uniquingKeysWith: { first, _ in first })
            if let members {
                for (id, memberAddress) in now.sorted(by: { $0.key < $1.key }) where members[id] == nil {
                    Self.log("member \(id) \(memberAddress) joined")
                }
            } else {
                for (id, memberAddress) in now.sorted(by: { $0.key < $1.key }) {
                    Self.log("member \(id) \(memberAddress)")
                }
            }
            if let members {
                for (id, memberAddress) in members.sorted(by: { $0.key < $1.key }) where now[id] == nil {
                    Self.log("member \(id) \(memberAddress) left")
                }
            }
            members = now
        }
    }

    /// Waits one interval; returns whether the watch was stopped meanwhile.
    private func waitOrStop() -> Bool {
        stopped.withLock {
            if !isStopped { _ = stopped.wait(until: Date().addingTimeInterval(interval)) }
            return isStopped
        }
    }
}
#endif
