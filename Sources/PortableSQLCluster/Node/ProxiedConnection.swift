import Foundation

/// A connection accepted on the node's TCP address, joined to a connection of its own to
/// libdqlite's Unix socket: bytes are copied both ways until both ends have finished, or one
/// fails. Owns and closes both sockets.
final class ProxiedConnection {
    let remote: Int32
    let local: Int32
    /// Remote peer to libdqlite, and libdqlite to the remote peer.
    private let inbound: ProxyPipe
    private let outbound: ProxyPipe
    private var closed = false

    init(remote: Int32, local: Int32) {
        self.remote = remote
        self.local = local
        inbound = ProxyPipe(from: remote, to: local)
        outbound = ProxyPipe(from: local, to: remote)
    }

    deinit {
        close()
    }

    /// The `poll` events to wait for on the remote socket and on the local one. While the node
    /// stops (`draining`), only what libdqlite still sends is forwarded.
    func events(draining: Bool) -> (remote: Int16, local: Int16) {
        if draining { return (outbound.destinationEvents, outbound.sourceEvents) }
        return (inbound.sourceEvents | outbound.destinationEvents, outbound.sourceEvents | inbound.destinationEvents)
    }

    /// Moves bytes after `poll` reported `remoteEvents` and `localEvents`; returns whether the
    /// connection is over, its sockets then closed: both directions finished, one failed, or a
    /// socket hung up while nothing more is awaited from it (no byte can move any more).
    func pump(remoteEvents: Int16, localEvents: Int16, draining: Bool) -> Bool {
        let broken = Int16(POLLERR | POLLNVAL)
        var over = remoteEvents & broken != 0 || localEvents & broken != 0
        if !over {
            outbound.pump(readable: localEvents != 0, writable: remoteEvents != 0)
            if !draining { inbound.pump(readable: remoteEvents != 0, writable: localEvents != 0) }
            let wanted = events(draining: draining)
            let hungUp = Int16(POLLHUP)
            over = outbound.state == .failed || inbound.state == .failed
                || (outbound.state == .finished && (draining || inbound.state == .finished))
                || (remoteEvents & hungUp != 0 && wanted.remote == 0) || (localEvents & hungUp != 0 && wanted.local == 0)
        }
        if over { close() }
        return over
    }

    /// Closes both sockets; closing twice does nothing.
    func close() {
        guard !closed else { return }
        closed = true
        closeDescriptor(remote)
        closeDescriptor(local)
    }
}

/// Closes a file descriptor (outside the class, where `close` names the method).
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
