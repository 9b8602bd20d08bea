import Foundation

internal import PortableSQLSystem

/// A TCP connection to one node, non-blocking underneath: every connect, read and write waits
/// with `poll` until a deadline, so that no call can hang.
final class WireSocket {
    /// The "host:port" this socket is connected to.
    let address: String
    private var descriptor: Int32 = -1
    /// The buffer that `recv` fills, and the part of it not read yet.
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 8)
    private var pending = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Connects to `address` ("host:port", "[v6]:port").
    ///
    /// - Throws: `WireError.unreachable` when the address is malformed or refuses,
    ///   `WireError.timedOut` when the connection is not made within `timeout` seconds.
    init(address: String, timeout: Double) throws {
        self.address = address
        let deadline = Date().addingTimeInterval(timeout)
        var lastError = WireError.unreachable(address: address, reason: "no address")
        let connected: Bool? = try NodeAddress.withResolved(address) { candidate in
            do {
                try connect(to: candidate, until: deadline, timeout: timeout)
                return true
            } catch let error as WireError {
                lastError = error
                return nil
            }
        }
        if connected == true { return }
        throw lastError
    }

    /// Connects to one of the resolved addresses (`localhost` has two, `::1` and 127.0.0.1,
    /// and a node may listen on only one).
    private func connect(to info: addrinfo, until deadline: Date, timeout: Double) throws {
        close()
        descriptor = StreamSocket.open(family: info.ai_family)
        guard descriptor >= 0 else { throw WireError.unreachable(address: address, reason: String(cString: strerror(errno))) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if connectDescriptor(descriptor, info.ai_addr, info.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw failure(String(cString: strerror(errno))) }
            try wait(for: Int16(POLLOUT), until: deadline, timeout: timeout)
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else { throw failure(String(cString: strerror(error))) }
        }
    }

    deinit {
        close()
        chunk.deallocate()
    }

    /// Closes the connection; closing twice does nothing.
    func close() {
        guard descriptor >= 0 else { return }
        closeDescriptor(descriptor)
        descriptor = -1
    }

    /// Writes all of `bytes`.
    ///
    /// - Throws: `WireError.closed` when the peer is gone, `WireError.timedOut` past `timeout` seconds.
    func write(_ bytes: [UInt8], timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, StreamSocket.sendFlags) }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLOUT), until: deadline, timeout: timeout)
            } else {
                close()
                throw WireError.closed(address: address)
            }
        }
    }

    /// Reads exactly `count` bytes: first what an earlier read received beyond its own bytes,
    /// then from the socket, up to 64 KiB at a time.
    ///
    /// - Throws: `WireError.closed` when the peer closes first, `WireError.timedOut` past `timeout` seconds.
    func read(_ count: Int, timeout: Double) throws -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        var result: [UInt8] = []
        // Grown as bytes arrive: a peer announcing a large message must also send it.
        result.reserveCapacity(min(count, chunk.count))
        while result.count < count {
            if pending.isEmpty {
                let got = recv(descriptor, chunk.baseAddress, chunk.count, 0)
                if got > 0 {
                    pending = UnsafeRawBufferPointer(rebasing: chunk[..<got])
                } else if got < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                    try wait(for: Int16(POLLIN), until: deadline, timeout: timeout)
                } else {
                    close()
                    throw WireError.closed(address: address)
                }
                continue
            }
            let taken = min(count - result.count, pending.count)
            result.append(contentsOf: pending[..<taken])
            pending = UnsafeRawBufferPointer(rebasing: pending[taken...])
        }
        return result
    }

    /// Waits until the socket is ready for `events`.
    private func wait(for events: Int16, until deadline: Date, timeout: Double) throws {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, descriptor >= 0 else { throw timedOut(timeout) }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up)))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw failure(String(cString: strerror(errno))) }
        }
    }

    private func timedOut(_ timeout: Double) -> WireError {
        close()
        return .timedOut(address: address, seconds: timeout)
    }

    private func failure(_ reason: String) -> WireError {
        close()
        return .unreachable(address: address, reason: reason)
    }

}

/// Connects a file descriptor (outside the class, where `connect` would name the method).
private func connectDescriptor(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}

/// Closes a file descriptor (outside the class, where `close` would name the method).
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
