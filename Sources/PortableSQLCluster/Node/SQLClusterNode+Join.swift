import Foundation
import PortableSQL

extension SQLClusterNode {
    /// Makes this node a voting member of the cluster that `cluster` (the addresses of some of
    /// its members) belongs to: asks the leader to add it, then to make it a voter. A node that
    /// is already a member is only made a voter, so joining again after a restart is harmless.
    ///
    /// - Throws: `SQLError`: `SQLITE_CANTOPEN` when no leader answers within
    ///   `options.leaderSearchTimeout`; the leader's error when it refuses the change.
    public func join(cluster: [String], options: SQLClusterOptions = .init()) throws {
        let deadline = Date().addingTimeInterval(options.leaderSearchTimeout)
        while true {
            do {
                return try joinOnce(cluster, options)
            } catch WireError.failure where Date() < deadline {
                // Another change of membership is under way (another node joining): try again.
                Thread.sleep(forTimeInterval: 0.05)
            } catch let error as WireError {
                throw SQLError(code: .cantOpen, message: "dqlite node \(id) cannot join \(cluster.joined(separator: ", ")): \(error)")
            }
        }
    }

    private func joinOnce(_ cluster: [String], _ options: SQLClusterOptions) throws {
        let client = try LeaderSearch(settings: ClusterSettings(nodes: cluster, options: options), preferred: nil).connect()
        defer { client.close() }
        let members = try client.members()
        if !members.contains(where: { $0.id == id }) {
            try client.add(id: id, address: address)
        }
        if members.first(where: { $0.id == id })?.role != WireCodes.voterRole {
            try client.assign(id: id, role: WireCodes.voterRole)
        }
    }

    /// The leader of the cluster that `cluster` belongs to: its id and address.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when no leader answers within
    ///   `options.leaderSearchTimeout`.
    public static func leader(of cluster: [String], options: SQLClusterOptions = .init()) throws -> (id: UInt64, address: String) {
        do {
            let client = try LeaderSearch(settings: ClusterSettings(nodes: cluster, options: options), preferred: nil).connect()
            defer { client.close() }
            guard let leader = try client.leader() else { throw WireError.noLeader("\(client.address) lost its leadership") }
            return leader
        } catch let error as WireError {
            throw SQLError(code: .cantOpen, message: "cannot find the leader of \(cluster.joined(separator: ", ")): \(error)")
        }
    }

    /// Hands the leadership of the cluster to its voter `id`, and waits until `id` leads (for
    /// maintenance: before stopping the leader, or to read on a given node).
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when no leader answers in time, or the leader
    ///   refuses (`id` is not a voter), or `id` does not lead within `options.leaderSearchTimeout`.
    public static func transferLeadership(of cluster: [String], to id: UInt64, options: SQLClusterOptions = .init()) throws {
        let deadline = Date().addingTimeInterval(options.leaderSearchTimeout)
        while try leader(of: cluster, options: options).id != id {
            guard Date() < deadline else {
                throw SQLError(code: .cantOpen, message: "node \(id) did not take the leadership of \(cluster.joined(separator: ", ")) within \(options.leaderSearchTimeout) s")
            }
            do {
                let client = try LeaderSearch(settings: ClusterSettings(nodes: cluster, options: options), preferred: nil).connect()
                defer { client.close() }
                try client.transfer(to: id)
            } catch WireError.failure(_, let message) {
                throw SQLError(code: .cantOpen, message: "cannot hand the leadership to node \(id): \(message)")
            } catch {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// The members of the cluster as the leader knows them: id, address, and whether each votes.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when no leader answers in time.
    public static func members(of cluster: [String], options: SQLClusterOptions = .init()) throws -> [(id: UInt64, address: String, isVoter: Bool)] {
        do {
            let client = try LeaderSearch(settings: ClusterSettings(nodes: cluster, options: options), preferred: nil).connect()
            defer { client.close() }
            return try client.members().map { ($0.id, $0.address, $0.role == WireCodes.voterRole) }
        } catch let error as WireError {
            throw SQLError(code: .cantOpen, message: "cannot list the members of \(cluster.joined(separator: ", ")): \(error)")
        }
    }
}
