import Foundation

internal import PortableSQLSystem

/// The node's outgoing Raft connections: libdqlite's own dialer leaves Nagle's algorithm on, so
/// that a replicated write could wait for a peer's delayed acknowledgement (40 ms on Linux).
/// This one connects with `TCP_NODELAY`, within a time limit, to any address a client could
/// reach (a host name, IPv6), where libdqlite 1.11's takes IPv4 literals only.
enum PeerDialer {
    /// How long a connection to a peer may take before libdqlite is told that it failed (and
    /// tries again later); libdqlite's own waits for the system's limit, about two minutes.
    static let connectTimeout: Double = 2

    /// The function that libdqlite calls to reach a peer (`dqlite_node_set_connect_func`).
    static let connectFunction: DqliteConnectFunction = { _, address, descriptor in
        guard let address, let descriptor, let connected = PeerDialer.dial(String(cString: address), timeout: connectTimeout) else { return 1 }
        descriptor.pointee = connected
        return 0
    }

    /// A blocking TCP socket connected to `address` with `TCP_NODELAY` on, or `nil` when no
    /// address it resolves to accepts a connection within `timeout` seconds.
    static func dial(_ address: String, timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        return try? NodeAddress.withResolved(address) { candidate in
            connect(to: candidate, until: deadline)
        }
    }

    /// A connected socket to one of the addresses a name resolves to, or `nil`.
    private static func connect(to candidate: addrinfo, until deadline: Date) -> Int32? {
        let descriptor = StreamSocket.open(family: candidate.ai_family)
        guard descriptor >= 0 else { return nil }
        StreamSocket.setBlocking(descriptor, false)
        guard connectDescriptor(descriptor, candidate.ai_addr, candidate.ai_addrlen) == 0 || (errno == EINPROGRESS && connected(descriptor, until: deadline)) else {
            _ = close(descriptor)
            return nil
        }
        StreamSocket.setBlocking(descriptor, true)
        StreamSocket.setNoDelay(descriptor)
        return descriptor
    }

    /// Waits until the connection under way on `descriptor` is made or fails, or `deadline`.
    private static func connected(_ descriptor: Int32, until deadline: Date) -> Bool {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0
        }
    }
}

/// Connects a file descriptor (outside the enum, where `connect` names the method).
private func connectDescriptor(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
