// A dqlite node on 127.0.0.1 that answers from the fuzz input: it names itself leader when asked
// (so that the client gets as far as its other requests), and answers every other request with
// the next of the answers it was given, whatever bytes they are; with none left, it hangs up.
import Foundation

/// The node: one listening socket, served by a thread, one connection at a time.
final class HostileNode: @unchecked Sendable {
    /// `127.0.0.1:PORT`.
    let address: String
    private let listener: Int32
    private let lock = NSLock()
    /// The answers still to give, in order, shared by the connections of one input.
    private var answers: [[UInt8]] = []

    init() {
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
        guard listening else { fatalError("cannot listen on 127.0.0.1") }
        self.address = "127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    }

    /// Starts serving, on a thread of its own.
    func start() {
        Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                serve(connection)
                close(connection)
            }
        }.start()
    }

    /// Gives the answers of the next input.
    func answer(with answers: [[UInt8]]) {
        lock.withLock { self.answers = answers }
    }

    /// The next answer, or `nil` when none is left.
    private func nextAnswer() -> [UInt8]? {
        lock.withLock { answers.isEmpty ? nil : answers.removeFirst() }
    }

    /// Reads requests until the client or the answers run out.
    private func serve(_ connection: Int32) {
        var version = [UInt8](repeating: 0, count: 8)
        guard recv(connection, &version, 8, Int32(MSG_WAITALL)) == 8 else { return }
        while true {
            var header = [UInt8](repeating: 0, count: 8)
            guard recv(connection, &header, 8, Int32(MSG_WAITALL)) == 8 else { return }
            let words = header[0..<4].reversed().reduce(0) { $0 << 8 | Int($1) }
            var body = [UInt8](repeating: 0, count: words * 8)
            guard words == 0 || recv(connection, &body, body.count, Int32(MSG_WAITALL)) == body.count else { return }
            // LEADER: this node, id 1.
            let reply = header[4] == 0 ? Self.leaderAnswer(address) : nextAnswer()
            guard let reply else { return }
            guard reply.isEmpty || send(connection, reply, reply.count, Int32(MSG_NOSIGNAL)) == reply.count else { return }
            // After the last answer, hang up at once rather than let the client wait out its
            // timeout for the rest of an answer cut short.
            if header[4] != 0, lock.withLock({ answers.isEmpty }) { return }
        }
    }

    /// A NODE response naming `address`, id 1.
    static func leaderAnswer(_ address: String) -> [UInt8] {
        var text = Array(address.utf8) + [0]
        text += [UInt8](repeating: 0, count: (8 - text.count % 8) % 8)
        let body = [1, 0, 0, 0, 0, 0, 0, 0] + text
        return [UInt8(body.count / 8), 0, 0, 0, 1, 0, 0, 0] + body
    }
}
