@testable import PortableSQLCluster

/// Whole responses of dqlite's protocol (header and body) for `FakeNode` to send, with
/// whatever numbers a test wants in them.
enum FakeReply {
    /// A response of `type` with `body`, its header counting the body's words.
    static func response(_ type: WireCodes.Response, _ body: MessageWriter) -> [UInt8] {
        header(words: UInt32(body.bytes.count / 8), type: type.rawValue) + body.bytes
    }

    /// A header alone: it announces `words` words of body of type `type`.
    static func header(words: UInt32, type: UInt8) -> [UInt8] {
        var header = MessageWriter()
        header.uint32(words)
        return header.bytes + [type, 0, 0, 0]
    }

    /// NODE: the leader's id and address.
    static func node(id: UInt64, address: String) -> [UInt8] {
        var body = MessageWriter()
        body.uint64(id)
        body.text(address)
        return response(.node, body)
    }

    /// DATABASE: the id of the database opened.
    static func database(id: UInt32) -> [UInt8] {
        var body = MessageWriter()
        body.uint32(id)
        body.uint32(0)
        return response(.database, body)
    }

    /// STATEMENT: statement 1 of database 0, with `parameters` parameters.
    static func statement(parameters: UInt64) -> [UInt8] {
        var body = MessageWriter()
        body.uint32(0)
        body.uint32(1)
        body.uint64(parameters)
        return response(.statement, body)
    }

    /// RESULT of a write: the last inserted rowid and the number of rows changed.
    static func result(lastInsertID: UInt64 = 0, changes: UInt64) -> [UInt8] {
        var body = MessageWriter()
        body.uint64(lastInsertID)
        body.uint64(changes)
        return response(.result, body)
    }

    /// FAILURE: a result code and its message.
    static func failure(code: UInt64, message: String) -> [UInt8] {
        var body = MessageWriter()
        body.uint64(code)
        body.text(message)
        return response(.failure, body)
    }

    /// NODES: a member count, then what `members` writes.
    static func nodes(count: UInt64, _ members: (inout MessageWriter) -> Void = { _ in }) -> [UInt8] {
        var body = MessageWriter()
        body.uint64(count)
        members(&body)
        return response(.nodes, body)
    }

    /// ROWS: a column count, then what `rest` writes (names, rows, the end marker).
    static func rows(columns: UInt64, _ rest: (inout MessageWriter) -> Void) -> [UInt8] {
        var body = MessageWriter()
        body.uint64(columns)
        rest(&body)
        return response(.rows, body)
    }

    /// ROWS of one column named "v" and one row whose value is of `type`, written by `value`.
    static func oneValue(type: UInt8, _ value: (inout MessageWriter) -> Void) -> [UInt8] {
        rows(columns: 1) { body in
            body.text("v")
            body.uint64(UInt64(type))
            value(&body)
            body.uint64(WireCodes.rowsDone)
        }
    }

    /// EMPTY.
    static let empty = response(.empty, MessageWriter())
}
