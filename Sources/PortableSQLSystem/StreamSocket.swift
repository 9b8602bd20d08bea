/// The spellings of a TCP socket that differ between C libraries: glibc's socket types are
/// enums (`SOCK_STREAM.rawValue`), Darwin has no `SOCK_CLOEXEC` and no `MSG_NOSIGNAL` (it has
/// `FD_CLOEXEC` and `SO_NOSIGPIPE` instead).
package enum StreamSocket {
    /// `SOCK_STREAM`, as `socket` and `addrinfo.ai_socktype` take it.
    package static var streamType: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        Int32(SOCK_STREAM)
        #endif
    }

    /// A new stream socket of `family` that is closed in child processes and never raises
    /// SIGPIPE, or -1 with `errno` set.
    package static func open(family: Int32) -> Int32 {
        #if canImport(Darwin)
        let descriptor = socket(family, streamType, 0)
        guard descriptor >= 0 else { return descriptor }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
        #elseif canImport(Glibc)
        return socket(family, streamType | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        return socket(family, streamType | Int32(SOCK_CLOEXEC), 0)
        #endif
    }

    /// The flags of `send` on a socket from `open(family:)`: no SIGPIPE when the peer is gone.
    package static var sendFlags: Int32 {
        #if canImport(Darwin)
        0
        #else
        Int32(MSG_NOSIGNAL)
        #endif
    }
}
