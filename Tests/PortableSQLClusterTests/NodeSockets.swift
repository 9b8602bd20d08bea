import Foundation

internal import PortableSQLSystem

/// The TCP sockets of this process, read from /proc/self/fd: what the node tests check about
/// the sockets of the nodes they run in the test process.
struct OpenTCPSocket {
    let descriptor: Int32
    let localPort: Int
    /// The peer's port; `nil` for a listening socket.
    let peerPort: Int?
    let noDelay: Bool

    /// Every IPv4 TCP socket open in this process whose own or peer port is one of `ports`.
    static func all(touching ports: Set<Int>) -> [OpenTCPSocket] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap(Int32.init).compactMap { descriptor in
            guard let local = port(of: descriptor, peer: false) else { return nil }
            let peer = port(of: descriptor, peer: true)
            guard ports.contains(local) || peer.map(ports.contains) == true else { return nil }
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length) == 0 else { return nil }
            return OpenTCPSocket(descriptor: descriptor, localPort: local, peerPort: peer, noDelay: value != 0)
        }
    }

    /// The local or peer port of an IPv4 socket, or `nil` (another kind of file, or no peer).
    private static func port(of descriptor: Int32, peer: Bool) -> Int? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                (peer ? getpeername(descriptor, $0, &length) : getsockname(descriptor, $0, &length)) == 0
            }
        }
        guard found, address.sin_family == sa_family_t(AF_INET) else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
