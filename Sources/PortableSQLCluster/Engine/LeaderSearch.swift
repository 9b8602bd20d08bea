import Foundation

/// Finds the leader of a cluster: asks each node in turn which node leads, connects to that
/// one and checks that it says so itself, again and again (an election may be running) until
/// the leader search time is over.
struct LeaderSearch {
    let settings: ClusterSettings
    /// The node to ask first: the last known leader.
    let preferred: String?

    /// A client connected to the leader.
    ///
    /// - Throws: `WireError.noLeader` naming every node and what each answered, when no
    ///   leader was found in time (at once when no node is given).
    func connect() throws -> WireClient {
        let options = settings.options
        guard !settings.nodes.isEmpty else { throw WireError.noLeader("no node address was given") }
        let deadline = Date().addingTimeInterval(options.leaderSearchTimeout)
        var candidates = settings.nodes
        if let preferred, let index = candidates.firstIndex(of: preferred) {
            candidates.swapAt(0, index)
        }
        var reasons: [String: String] = [:]
        var pause = 0.02
        repeat {
            for address in candidates {
                do {
                    if let leader = try ask(address, until: deadline) { return leader }
                    reasons[address] = "knows no leader"
                } catch {
                    reasons[address] = "\(error)"
                }
                if Date() >= deadline { break }
            }
            let left = deadline.timeIntervalSinceNow
            if left > 0 { Thread.sleep(forTimeInterval: min(pause, left)) }
            pause = min(pause * 2, 0.1)
        } while Date() < deadline
        let detail = candidates.map { "\($0): \(reasons[$0] ?? "not tried")" }.joined(separator: "; ")
        throw WireError.noLeader("no leader found among \(candidates.joined(separator: ", ")) within \(options.leaderSearchTimeout) s (\(detail))")
    }

    /// Asks `address` for the leader; returns a client connected to it when it is known and
    /// confirms it leads. Each connection and request waits no longer than what is left of the
    /// search time (`deadline`); the client returned then takes the usual request timeout.
    private func ask(_ address: String, until deadline: Date) throws -> WireClient? {
        let options = settings.options
        func connect(_ address: String) throws -> WireClient {
            let left = max(0.001, deadline.timeIntervalSinceNow)
            return try WireClient(address: address, connectTimeout: min(left, options.connectTimeout), requestTimeout: min(left, options.requestTimeout))
        }
        func leader(of client: WireClient) throws -> (id: UInt64, address: String)? {
            client.requestTimeout = min(max(0.001, deadline.timeIntervalSinceNow), options.requestTimeout)
            return try client.leader()
        }
        let client = try connect(address)
        guard let known = try leader(of: client) else {
            client.close()
            return nil
        }
        var found: WireClient? = client
        if known.address != address {
            client.close()
            let direct = try connect(known.address)
            found = try leader(of: direct)?.address == known.address ? direct : nil
            if found == nil { direct.close() }
        }
        found?.requestTimeout = options.requestTimeout
        return found
    }
}
