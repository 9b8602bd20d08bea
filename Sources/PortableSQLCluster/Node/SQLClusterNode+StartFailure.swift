import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a node did not start, when libdqlite 1.11 does not say (it leaves its message empty when
/// the address cannot be bound).
extension SQLClusterNode {
    /// libdqlite's message when it gave one; otherwise what binding `address` here answers
    /// ("Address already in use", a name that does not resolve), or that no reason is known.
    static func startFailureReason(address: String, libraryMessage: String?) -> String {
        if let libraryMessage, !libraryMessage.isEmpty { return libraryMessage }
        guard let (host, port) = try? WireSocket.split(address) else { return "libdqlite gave no reason" }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, port, &hints, &list)
        guard resolved == 0, let info = list else { return "cannot resolve \(address): \(String(cString: gai_strerror(resolved)))" }
        defer { freeaddrinfo(list) }
        let descriptor = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { _ = close(descriptor) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            return "cannot listen on \(address): \(String(cString: strerror(errno)))"
        }
        return "libdqlite gave no reason"
    }
}
