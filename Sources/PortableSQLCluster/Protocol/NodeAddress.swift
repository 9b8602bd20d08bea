import Foundation

internal import PortableSQLSystem

/// A node's "host:port" or "[v6]:port" address, split and resolved: one reading for the
/// client's connections and the node's own checks.
enum NodeAddress {
    /// The host and port of `address`.
    ///
    /// - Throws: `WireError.unreachable` when `address` is not "host:port".
    static func split(_ address: String) throws -> (host: String, port: String) {
        guard let colon = address.lastIndex(of: ":"), colon != address.startIndex,
              !address[address.index(after: colon)...].isEmpty
        else { throw WireError.unreachable(address: address, reason: "not a host:port address") }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return (host, String(address[address.index(after: colon)...]))
    }

    /// Calls `body` with the TCP addresses `address` resolves to (`localhost` has two), for
    /// connecting, or for listening when `passive`; the list is freed when `body` returns.
    ///
    /// - Throws: `WireError.unreachable` when `address` is malformed or does not resolve; what
    ///   `body` throws.
    static func withResolved<T>(_ address: String, passive: Bool = false, _ body: (addrinfo) throws -> T?) throws -> T? {
        let (host, port) = try split(address)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = StreamSocket.streamType
        if passive { hints.ai_flags = AI_PASSIVE }
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, port, &hints, &list)
        guard resolved == 0, let first = list else {
            throw WireError.unreachable(address: address, reason: String(cString: gai_strerror(resolved)))
        }
        defer { freeaddrinfo(list) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let candidate = next {
            if let result = try body(candidate.pointee) { return result }
            next = candidate.pointee.ai_next
        }
        return nil
    }
}
