import Foundation

internal import PortableSQLSystem

/// Nagle's algorithm turned off on the TCP sockets that libdqlite listens and accepts on, which
/// it opens itself without `TCP_NODELAY` and does not give out: they are found among this
/// process's descriptors by their local port. On Linux a socket accepted on a listener with
/// `TCP_NODELAY` has it too, so that setting it on the listener covers every connection
/// accepted afterwards.
enum AcceptedNoDelay {
    /// Sets `TCP_NODELAY` on every TCP socket of this process whose local port is `port`: the
    /// node's listener, and the connections libdqlite accepted before the listener had it.
    /// Returns whether a listening socket was among them (the descriptors are read from
    /// /proc/self/fd, which Linux has, as libdqlite needs).
    @discardableResult
    static func apply(port: UInt16) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var sockets = names.compactMap(Int32.init).filter { localPort(of: $0) == port }
        // The listener first: a connection it accepts after this has the option from it.
        sockets.sort { isListening($0) && !isListening($1) }
        var foundListener = false
        for descriptor in sockets {
            foundListener = isListening(descriptor) || foundListener
            StreamSocket.setNoDelay(descriptor)
        }
        return foundListener
    }

    /// The local port of a TCP socket over IPv4 or IPv6, or `nil` for another kind of file.
    private static func localPort(of descriptor: Int32) -> UInt16? {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var type: Int32 = 0
        var typeLength = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &typeLength) == 0, type == StreamSocket.streamType else { return nil }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) == 0 }
        }
        guard named else { return nil }
        let family = Int32(address.ss_family)
        return withUnsafeBytes(of: &address) { bytes in
            switch family {
            case AF_INET: UInt16(bigEndian: bytes.load(fromByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_port)!, as: UInt16.self))
            case AF_INET6: UInt16(bigEndian: bytes.load(fromByteOffset: MemoryLayout<sockaddr_in6>.offset(of: \.sin6_port)!, as: UInt16.self))
            default: nil
            }
        }
    }

    private static func isListening(_ descriptor: Int32) -> Bool {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) == 0 && value != 0
    }
}
