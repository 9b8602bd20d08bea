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

    /// Turns Nagle's algorithm off on the TCP socket `descriptor` (`TCP_NODELAY`): a small
    /// message leaves at once instead of waiting for the peer's delayed acknowledgement of the
    /// previous one (up to 40 ms on Linux). Returns whether the option was set.
    @discardableResult
    package static func setNoDelay(_ descriptor: Int32) -> Bool {
        var one: Int32 = 1
        return setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// Makes `descriptor`'s reads and writes wait (`blocking`) or return `EAGAIN` at once.
    package static func setBlocking(_ descriptor: Int32, _ blocking: Bool) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
    }
}
