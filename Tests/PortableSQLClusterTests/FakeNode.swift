import Foundation

internal import PortableSQLSystem

/// A TCP listener on 127.0.0.1 that is not dqlite: it answers every connection with garbage,
/// or never answers at all, or plays a leader that answers what a test makes it answer.
final class FakeNode: Sendable {
    enum Behaviour: Sendable {
        /// Sends an HTTP answer and closes.
        case garbage
        /// Reads and never writes.
        case silent
        /// Sends these bytes after the client's first 8 (its protocol version), then reads.
        case answer([UInt8])
        /// Plays a leader: answers LEADER naming itself and OPEN with database 0, and every
        /// other request (by its type) with the whole response that the function gives, or
        /// with nothing when it gives `nil`. Each connection is served on its own thread.
        case leader(@Sendable (UInt8) -> [UInt8]?)
    }

    let address: String
    private let descriptors: FakeNodeDescriptors

    /// How many connections the node accepted.
    var connectionCount: Int { descriptors.acceptedCount }

    init(_ behaviour: Behaviour) throws {
        let listener = StreamSocket.open(family: AF_INET)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listening else {
            close(listener)
            throw ClusterTestFailure("cannot listen on 127.0.0.1")
        }
        let ownAddress = "127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        self.address = ownAddress
        let descriptors = FakeNodeDescriptors(listener: listener)
        self.descriptors = descriptors
        Thread {
            while let connection = descriptors.accept() {
                switch behaviour {
                case .garbage:
                    let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
                    _ = send(connection, answer, answer.count, StreamSocket.sendFlags)
                case .answer(let bytes):
                    var version = [UInt8](repeating: 0, count: 8)
                    _ = recv(connection, &version, 8, Int32(MSG_WAITALL))
                    _ = send(connection, bytes, bytes.count, StreamSocket.sendFlags)
                case .leader(let reply):
                    descriptors.serve(connection)
                    Thread {
                        FakeNode.serve(connection, as: ownAddress, reply)
                        descriptors.finish(connection)
                    }.start()
                case .silent:
                    break
                }
            }
        }.start()
    }

    /// Reads requests on `connection` until it closes, answering as `.leader` says.
    private static func serve(_ connection: Int32, as address: String, _ reply: (UInt8) -> [UInt8]?) {
        var version = [UInt8](repeating: 0, count: 8)
        guard recv(connection, &version, 8, Int32(MSG_WAITALL)) == 8 else { return }
        while true {
            var header = [UInt8](repeating: 0, count: 8)
            guard recv(connection, &header, 8, Int32(MSG_WAITALL)) == 8 else { return }
            let words = header[0..<4].reversed().reduce(0) { $0 << 8 | Int($1) }
            var body = [UInt8](repeating: 0, count: words * 8)
            guard words == 0 || recv(connection, &body, body.count, Int32(MSG_WAITALL)) == body.count else { return }
            let answer: [UInt8]?
            switch header[4] {
            case 0: answer = FakeReply.node(id: 1, address: address)
            case 3: answer = FakeReply.database(id: 0)
            default: answer = reply(header[4])
            }
            if let answer { _ = send(connection, answer, answer.count, StreamSocket.sendFlags) }
        }
    }

    deinit {
        descriptors.shutDown()
    }
}

/// The descriptors of a `FakeNode`, shared with its threads. A descriptor that a thread uses
/// is closed by that thread, after the node's release shut it down: a thread of a released node
/// never uses a descriptor number that something else in the process got in the meantime.
private final class FakeNodeDescriptors: Sendable {
    private struct State {
        /// The listening socket, until the accepting thread closes it.
        var listener: Int32?
        /// Connections that a thread serves (and closes).
        var served: Set<Int32> = []
        /// Connections no thread uses, closed by the release.
        var idle: [Int32] = []
        var accepted = 0
        var isShutDown = false
    }

    private let state: Locked<State>

    init(listener: Int32) {
        state = Locked(State(listener: listener))
    }

    var acceptedCount: Int { state.withLock { $0.accepted } }

    /// The next connection; `nil` once the node is released (the listener is then closed).
    func accept() -> Int32? {
        guard let listener = state.withLock({ $0.listener }) else { return nil }
        let connection = Glibc.accept(listener, nil, nil)
        return state.withLock { state in
            guard connection >= 0, !state.isShutDown else {
                if connection >= 0 { close(connection) }
                state.listener = nil
                close(listener)
                return nil
            }
            state.accepted += 1
            state.idle.append(connection)
            return connection
        }
    }

    /// Hands `connection` to a serving thread, which calls `finish` when done.
    func serve(_ connection: Int32) {
        state.withLock { state in
            state.idle.removeAll { $0 == connection }
            state.served.insert(connection)
            if state.isShutDown { shutdown(connection, Int32(SHUT_RDWR)) }
        }
    }

    /// Closes a served connection.
    func finish(_ connection: Int32) {
        state.withLock { state in
            state.served.remove(connection)
            close(connection)
        }
    }

    /// Wakes every thread (their reads and the accept end) and closes the idle connections.
    func shutDown() {
        state.withLock { state in
            state.isShutDown = true
            if let listener = state.listener { shutdown(listener, Int32(SHUT_RDWR)) }
            state.served.forEach { shutdown($0, Int32(SHUT_RDWR)) }
            state.idle.forEach { close($0) }
            state.idle = []
        }
    }
}
