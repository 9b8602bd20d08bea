import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A TCP listener on 127.0.0.1 that is not dqlite: it answers every connection with garbage,
/// or never answers at all.
final class FakeNode: Sendable {
    enum Behaviour: Sendable {
        /// Sends an HTTP answer and closes.
        case garbage
        /// Reads and never writes.
        case silent
        /// Sends these bytes after the client's first 8 (its protocol version), then reads.
        case answer([UInt8])
    }

    let address: String
    private let listener: Int32
    /// The connections accepted, closed with the listener.
    private final class Connections: Sendable {
        let descriptors = Mutex<[Int32]>([])
    }

    private let accepted = Connections()

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
                case .silent:
                    break
                }
            }
        }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        accepted.descriptors.withLock { $0.forEach { close($0) } }
    }
}
