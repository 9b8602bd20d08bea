import Foundation

internal import PortableSQLSystem

/// Why a node did not start, when libdqlite 1.11 does not say (it leaves its message empty when
/// the address cannot be bound).
extension SQLClusterNode {
    /// libdqlite's message when it gave one; otherwise what binding `address` here answers
    /// ("Address already in use", a name that does not resolve), or that no reason is known.
    static func startFailureReason(address: String, libraryMessage: String?) -> String {
        if let libraryMessage, !libraryMessage.isEmpty { return libraryMessage }
        do {
            let bindError: String? = try NodeAddress.withResolved(address, passive: true) { candidate in
                let descriptor = StreamSocket.open(family: candidate.ai_family)
                guard descriptor >= 0 else { return String(cString: strerror(errno)) }
                defer { _ = close(descriptor) }
                var one: Int32 = 1
                _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
                guard bind(descriptor, candidate.ai_addr, candidate.ai_addrlen) == 0 else {
                    return "cannot listen on \(address): \(String(cString: strerror(errno)))"
                }
                return nil
            }
            return bindError ?? "libdqlite gave no reason"
        } catch let error as WireError {
            guard case .unreachable(_, let reason) = error else { return "\(error)" }
            return "cannot resolve \(address): \(reason)"
        } catch {
            return "\(error)"
        }
    }
}
