import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

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
    private let listener: Int32
    /// The connections accepted, closed with the listener.
    private final class Connections: Sendable {
        let descriptors = Mutex<[Int32]>([])
    }

    private let accepted = Connections()

    /// How many connections the node accepted.
    var connectionCount: Int { accepted.descriptors.withLock { $0.count } }

    init(_ behaviour: Behaviour) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listening else { throw ClusterTestFailure("cannot listen on 127.0.0.1") }
        self.address = "127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        let accepted = accepted
        let ownAddress = self.address
        Thread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                accepted.descriptors.withLock { $0.append(connection) }
                switch behaviour {
                case .garbage:
                    let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)
                    _ = send(connection, answer, answer.count, Int32(MSG_NOSIGNAL))
                case .answer(let bytes):
                    var version = [UInt8](repeating: 0, count: 8)
                    _ = recv(connection, &version, 8, Int32(MSG_WAITALL))
                    _ = send(connection, bytes, bytes.count, Int32(MSG_NOSIGNAL))
                case .leader(let reply):
                    Thread { FakeNode.serve(connection, as: ownAddress, reply) }.start()
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
            if let answer { _ = send(connection, answer, answer.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        accepted.descriptors.withLock { $0.forEach { close($0) } }
    }
}
