import Foundation
import PortableSQL

/// One member of a cluster, as the CLUSTER request lists it.
struct WireNode {
    let id: UInt64
    let address: String
    let role: UInt64
}

/// The requests of dqlite's protocol that the cluster engine and the node use.
extension WireClient {
    /// The leader as this node knows it: `nil` when it knows of none.
    ///
    /// - Throws: `WireError`.
    func leader() throws -> (id: UInt64, address: String)? {
        var body = MessageWriter()
        body.uint64(0)
        var reply = try call(.leader, body, expecting: .node)
        let id = try reply.uint64()
        let address = try reply.text()
        return id == 0 || address.isEmpty ? nil : (id, address)
    }

    /// Opens the database `name` on this connection (one per connection); returns its id.
    ///
    /// - Throws: `WireError`.
    func open(_ name: String) throws -> UInt32 {
        var body = MessageWriter()
        body.text(name)
        body.uint64(0)
        body.text("")
        var reply = try call(.open, body, expecting: .database)
        return try reply.uint32()
    }

    /// Prepares the single statement `sql`; returns its id and parameter count.
    ///
    /// - Throws: `WireError` (`.failure` with SQLite's code for SQL the node cannot prepare;
    ///   `.malformed` for more parameters than the protocol's tuples can carry).
    func prepare(database: UInt32, _ sql: String) throws -> (id: UInt32, parameterCount: Int) {
        var body = MessageWriter()
        body.uint64(UInt64(database))
        body.text(sql)
        var reply = try call(.prepare, body, expecting: .statement)
        _ = try reply.uint32()
        let id = try reply.uint32()
        return (id, try reply.count(of: "parameters", limit: WireCodes.maximumParameters))
    }

    /// Runs a statement that returns no rows; returns the last inserted rowid and the number of
    /// rows changed.
    ///
    /// - Throws: `WireError` (`.malformed` for a number of rows changed beyond `Int64`).
    func exec(database: UInt32, statement: UInt32, _ parameters: [SQLValue]) throws -> (lastInsertID: Int64, changes: Int64) {
        var reply = try call(.exec, try statementBody(database, statement, parameters), expecting: .result)
        let lastInsertID = try reply.int64()
        return (lastInsertID, Int64(try reply.count(of: "rows changed", limit: Int(Int64.max))))
    }

    /// Starts a query; its batches are then read with `nextBatch()`.
    ///
    /// - Throws: `WireError` when the request cannot be sent.
    func startQuery(database: UInt32, statement: UInt32, _ parameters: [SQLValue]) throws {
        try send(.query, try statementBody(database, statement, parameters))
    }

    /// Reads the next batch of rows of the running query.
    ///
    /// - Throws: `WireError` (`.failure` with SQLite's code when the query fails).
    func nextBatch() throws -> RowBatch {
        var reply = try receive(expecting: .rows)
        return try closingUnlessFailure { try RowBatch(&reply) }
    }

    /// Frees a prepared statement on the node.
    ///
    /// - Throws: `WireError`.
    func finalize(database: UInt32, statement: UInt32) throws {
        var body = MessageWriter()
        body.uint32(database)
        body.uint32(statement)
        _ = try call(.finalize, body, expecting: .empty)
    }

    /// Stops the running query, skipping the batches already on their way, within the request
    /// timeout as a whole.
    ///
    /// - Throws: `WireError` when the connection fails, or the node goes on sending past the
    ///   request timeout (the connection is then closed).
    func interrupt(database: UInt32) throws {
        var body = MessageWriter()
        body.uint64(UInt64(database))
        try send(.interrupt, body)
        let deadline = Date().addingTimeInterval(requestTimeout)
        while try receive().type != WireCodes.Response.empty.rawValue {
            guard Date() < deadline else {
                close()
                throw WireError.timedOut(address: address, seconds: requestTimeout)
            }
        }
    }

    /// Adds a node to the cluster, as a spare (the leader only).
    ///
    /// - Throws: `WireError`.
    func add(id: UInt64, address: String) throws {
        var body = MessageWriter()
        body.uint64(id)
        body.text(address)
        _ = try call(.add, body, expecting: .empty)
    }

    /// Gives a member a role (the leader only).
    ///
    /// - Throws: `WireError`.
    func assign(id: UInt64, role: UInt64) throws {
        var body = MessageWriter()
        body.uint64(id)
        body.uint64(role)
        _ = try call(.assign, body, expecting: .empty)
    }

    /// Hands the leadership to the voter `id` (the leader only).
    ///
    /// - Throws: `WireError`.
    func transfer(to id: UInt64) throws {
        var body = MessageWriter()
        body.uint64(id)
        _ = try call(.transfer, body, expecting: .empty)
    }

    /// The members of the cluster.
    ///
    /// - Throws: `WireError`.
    func members() throws -> [WireNode] {
        var body = MessageWriter()
        body.uint64(1)
        var reply = try call(.cluster, body, expecting: .nodes)
        // Each member takes at least three words: id, address, role.
        let count = try reply.count(of: "members", limit: WireCodes.maximumMembers, minimumBytes: 24)
        return try (0..<count).map { _ in WireNode(id: try reply.uint64(), address: try reply.text(), role: try reply.uint64()) }
    }

    private func statementBody(_ database: UInt32, _ statement: UInt32, _ parameters: [SQLValue]) throws -> MessageWriter {
        var body = MessageWriter()
        body.uint32(database)
        body.uint32(statement)
        try body.parameters(parameters)
        return body
    }
}
