import Foundation

internal import PortableSQLSystem

/// The node's TCP listening socket on its public address, which the node's proxy accepts on.
enum NodeListener {
    /// Why the address cannot be listened on: a sentence ending the node's start error.
    struct Failure: Error {
        let reason: String
    }

    /// A non-blocking socket listening on the first address that `address` resolves to and that
    /// can be bound, with `TCP_NODELAY` on (the connections it accepts inherit it on Linux; the
    /// proxy sets it on each again).
    ///
    /// - Throws: `Failure` when `address` does not resolve ("cannot resolve …") or cannot be
    ///   bound ("cannot listen on …: Address already in use").
    static func open(_ address: String) throws(Failure) -> Int32 {
        var lastError: Int32 = EADDRNOTAVAIL
        do {
            let listener: Int32? = try NodeAddress.withResolved(address, passive: true) { candidate in
                let descriptor = StreamSocket.open(family: candidate.ai_family)
                guard descriptor >= 0 else {
                    lastError = errno
                    return nil
                }
                var one: Int32 = 1
                _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
                guard bind(descriptor, candidate.ai_addr, candidate.ai_addrlen) == 0, listen(descriptor, 128) == 0 else {
                    lastError = errno
                    _ = close(descriptor)
                    return nil
                }
                StreamSocket.setNoDelay(descriptor)
                StreamSocket.setBlocking(descriptor, false)
                return descriptor
            }
            if let listener { return listener }
        } catch let error as WireError {
            guard case .unreachable(_, let reason) = error else { throw Failure(reason: "\(error)") }
            throw Failure(reason: "cannot resolve \(address): \(reason)")
        } catch {
            throw Failure(reason: "\(error)")
        }
        throw Failure(reason: "cannot listen on \(address): \(String(cString: strerror(lastError)))")
    }
}
