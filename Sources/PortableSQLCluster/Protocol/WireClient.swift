/// One client connection to a dqlite node: the protocol handshake, then requests and their
/// responses, one at a time, each bounded by the request timeout.
final class WireClient {
    /// One response: its type and a reader over its body.
    struct Response {
        let type: UInt8
        var body: MessageReader
    }

    /// The largest response accepted, so that a peer that is not dqlite cannot make the client
    /// wait for (or allocate) gigabytes.
    private static let maximumResponseBytes = 256 << 20

    let socket: WireSocket
    /// How long one request may take, in seconds.
    var requestTimeout: Double

    /// Connects to `address` and announces protocol version 1.
    ///
    /// - Throws: `WireError` when the node cannot be reached within `connectTimeout` seconds.
    init(address: String, connectTimeout: Double, requestTimeout: Double) throws {
        socket = try WireSocket(address: address, timeout: connectTimeout)
        self.requestTimeout = requestTimeout
        var version = MessageWriter()
        version.uint64(WireCodes.protocolVersion)
        try socket.write(version.bytes, timeout: requestTimeout)
    }

    /// The node's address.
    var address: String { socket.address }

    /// Closes the connection; the node then drops what it held for it (open statements, an
    /// open transaction).
    func close() {
        socket.close()
    }

    /// Sends a request and reads its response.
    ///
    /// - Throws: `WireError.failure` when the node answers with a failure, another `WireError`
    ///   when the connection fails or times out or the answer is not dqlite's, or is not of
    ///   type `expected`.
    func call(_ type: WireCodes.Request, _ body: MessageWriter, expecting expected: WireCodes.Response) throws -> MessageReader {
        try send(type, body)
        return try receive(expecting: expected)
    }

    /// Sends a request without waiting for its response.
    ///
    /// - Throws: `WireError` when the connection fails or times out.
    func send(_ type: WireCodes.Request, _ body: MessageWriter) throws {
        var message = MessageWriter()
        message.uint32(UInt32(body.bytes.count / 8))
        var header = message.bytes
        header += [type.rawValue, 0, 0, 0]
        try socket.write(header + body.bytes, timeout: requestTimeout)
    }

    /// Reads the next response, which must be of type `expected`.
    ///
    /// - Throws: `WireError.failure` for a failure response, another `WireError` when the
    ///   connection fails or times out or the response is of another type, or a failure's code
    ///   is not a SQLite result code.
    func receive(expecting expected: WireCodes.Response) throws -> MessageReader {
        try closingUnlessFailure {
            var response = try receive()
            if response.type == WireCodes.Response.failure.rawValue {
                let code = try response.body.uint64()
                guard code <= WireCodes.highestFailureCode else { throw WireError.malformed("a failure code \(code), beyond SQLite's result codes") }
                let message = try response.body.text()
                throw WireError.failure(code: code, message: message)
            }
            guard response.type == expected.rawValue else {
                throw WireError.malformed("response of type \(response.type) where \(expected.rawValue) was expected")
            }
            return response.body
        }
    }

    /// Runs `body`, closing the connection when it throws anything but a well-formed failure
    /// response: after a response that is not the one expected, or cannot be read, the stream
    /// is out of step, and nothing more may be sent on it.
    ///
    /// - Throws: what `body` throws.
    func closingUnlessFailure<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch WireError.failure(let code, let message) {
            throw WireError.failure(code: code, message: message)
        } catch {
            socket.close()
            throw error
        }
    }

    /// Reads the next response, whatever its type.
    ///
    /// - Throws: `WireError` when the connection fails or times out, or the header is not dqlite's.
    func receive() throws -> Response {
        var header = MessageReader(try socket.read(8, timeout: requestTimeout))
        let words = try header.uint32()
        let type = try header.take(1).first ?? 0
        guard Int(words) * 8 <= Self.maximumResponseBytes, type <= WireCodes.highestResponseType else {
            socket.close()
            throw WireError.malformed("a header announces \(words) words of type \(type)")
        }
        let body = try socket.read(Int(words) * 8, timeout: requestTimeout)
        return Response(type: type, body: MessageReader(body))
    }
}
