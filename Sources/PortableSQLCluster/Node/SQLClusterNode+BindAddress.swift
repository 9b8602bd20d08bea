import Foundation

/// The address libdqlite listens on: libdqlite 1.11 reads IP literals only, so that a host name
/// is resolved here first.
extension SQLClusterNode {
    /// The first address that `address` resolves to for listening, as "1.2.3.4:port" or
    /// "[v6]:port"; `nil` when it does not resolve (libdqlite is then given `address` itself, and
    /// the start's failure says why).
    static func bindAddress(for address: String) -> String? {
        try? NodeAddress.withResolved(address, passive: true) { candidate -> String? in
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            var port = [CChar](repeating: 0, count: Int(NI_MAXSERV))
            guard getnameinfo(candidate.ai_addr, candidate.ai_addrlen, &host, socklen_t(host.count), &port, socklen_t(port.count), NI_NUMERICHOST | NI_NUMERICSERV) == 0 else { return nil }
            let numeric = text(host)
            return candidate.ai_family == AF_INET6 ? "[\(numeric)]:\(text(port))" : "\(numeric):\(text(port))"
        }
    }

    /// The NUL-terminated text in `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
