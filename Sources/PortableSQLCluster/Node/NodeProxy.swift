import Foundation

internal import PortableSQLSystem

/// The thread that accepts the node's TCP connections (clients and Raft peers) on its public
/// address, turns Nagle's algorithm off on each, and copies their bytes to and from libdqlite's
/// Unix socket. One thread and one `poll` serve every connection; it ends when `stop()` is
/// called, after forwarding what libdqlite still sent (at most `drainTimeout` seconds), with
/// every socket it opened closed.
final class NodeProxy: Sendable {
    /// How long a stopping proxy keeps forwarding libdqlite's last answers to their clients.
    static let drainTimeout: Double = 1
    /// How long the proxy stops accepting after `accept` failed for lack of resources (no file
    /// descriptor left, say), instead of spinning on a listener that stays readable.
    static let acceptPause: Double = 0.1

    private let wakeWriter: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)

    /// Starts the thread, named `name`, serving the connections of `listener` (which it then
    /// owns and closes) through libdqlite's socket `local`.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when the thread's wake-up pipe cannot be made.
    init(listener: Int32, local: LocalSocketName, name: String) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw SQLError(code: .cantOpen, message: "cannot make the node's proxy: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wakeWriter = ends[1]
        let wakeReader = ends[0]
        let finished = finished
        let thread = Thread {
            // Named from the thread itself: Foundation on Linux gives the system the name only then.
            Thread.current.name = name
            Self.serve(listener: listener, wake: wakeReader, local: local)
            _ = close(wakeReader)
            finished.signal()
        }
        thread.start()
    }

    /// Stops accepting, forwards what libdqlite still sends, closes every connection, and
    /// returns once the thread has ended. Stopping twice does nothing.
    func stop() {
        guard stopped.withLock({ wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }) else { return }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
        finished.wait()
        _ = close(wakeWriter)
    }

    /// The thread's loop: one `poll` over the wake-up pipe, the listener and both sockets of
    /// every connection.
    private static func serve(listener: Int32, wake: Int32, local: LocalSocketName) {
        var connections: [ProxiedConnection] = []
        var drainDeadline: Date?
        var acceptPausedUntil = Date.distantPast
        var entries: [pollfd] = []
        defer {
            connections.forEach { $0.close() }
            if drainDeadline == nil { _ = close(listener) }
        }
        while true {
            let now = Date()
            if let drainDeadline, connections.isEmpty || now >= drainDeadline { return }
            let draining = drainDeadline != nil
            let accepting = !draining && now >= acceptPausedUntil
            entries.removeAll(keepingCapacity: true)
            entries.append(pollfd(fd: draining ? -1 : wake, events: Int16(POLLIN), revents: 0))
            entries.append(pollfd(fd: accepting ? listener : -1, events: Int16(POLLIN), revents: 0))
            for connection in connections {
                let events = connection.events(draining: draining)
                entries.append(pollfd(fd: connection.remote, events: events.remote, revents: 0))
                entries.append(pollfd(fd: connection.local, events: events.local, revents: 0))
            }
            let until = drainDeadline ?? (accepting ? nil : acceptPausedUntil)
            let timeout = until.map { Int32(max(0, ($0.timeIntervalSince(now) * 1000).rounded(.up))) } ?? -1
            guard poll(&entries, nfds_t(entries.count), timeout) >= 0 || errno == EINTR else { return }
            var index = 2
            connections.removeAll { connection in
                defer { index += 2 }
                let (remote, local) = (entries[index].revents, entries[index + 1].revents)
                return (remote | local) != 0 && connection.pump(remoteEvents: remote, localEvents: local, draining: draining)
            }
            if entries[0].revents != 0 {
                _ = close(listener)
                drainDeadline = now.addingTimeInterval(drainTimeout)
            } else if entries[1].revents != 0 {
                if !acceptAll(on: listener, local: local, into: &connections) {
                    acceptPausedUntil = Date().addingTimeInterval(acceptPause)
                }
            }
        }
    }

    /// Accepts every connection waiting on `listener` and joins each to a new connection to
    /// libdqlite (a connection that libdqlite refuses is closed at once). Returns `false` when
    /// `accept` failed for another reason than having no more connections to give.
    private static func acceptAll(on listener: Int32, local: LocalSocketName, into connections: inout [ProxiedConnection]) -> Bool {
        while true {
            let remote = StreamSocket.accept(listener)
            guard remote >= 0 else { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED }
            StreamSocket.setNoDelay(remote)
            guard let node = local.connect() else {
                _ = close(remote)
                continue
            }
            connections.append(ProxiedConnection(remote: remote, local: node))
        }
    }
}
