import Foundation
import PortableSQL
internal import PortableSQLSystem

/// A dqlite node running inside this process, so that a Swift service can itself be a member
/// of the cluster it uses.
///
/// The node with id 1 bootstraps a new cluster the first time it starts with an empty data
/// folder; the others start, then `join(cluster:)` it (the leader adds them as voters). A node
/// started again with the same id and data folder takes its place back in its cluster.
/// libdqlite (Debian's `libdqlite0`) is loaded when the first node starts. Starting a node sets
/// the process's SIGPIPE to ignored: the node writes to its peers' sockets, and a peer that
/// died would otherwise end the whole process.
///
/// Every TCP connection of the node has Nagle's algorithm off (`TCP_NODELAY`); with it on,
/// a quarter of autocommit writes waited about 40 ms for a delayed acknowledgement. libdqlite
/// 1.11 opens its sockets itself and has no option for that. Once it listens, the node sets the
/// option on libdqlite's listening socket, found among the process's descriptors by its port
/// (on Linux the connections it accepts inherit it), and on the connections it accepted until
/// then; Raft connections to peers are opened by the node's connect function
/// (`dqlite_node_set_connect_func`), which dials with `TCP_NODELAY` within 2 s and hands the
/// socket to libdqlite, which writes its protocol header and CONNECT request on it. Clients and
/// peers reach libdqlite directly: no thread of the node copies their bytes.
///
/// ```swift
/// let node = try SQLClusterNode(id: 2, address: "127.0.0.1:9002", dataDirectory: "/var/lib/app/dqlite")
/// try node.join(cluster: ["127.0.0.1:9001"])
/// ```
public final class SQLClusterNode: Sendable {
    /// The node's id in its cluster (1 for the node that bootstraps it).
    public let id: UInt64
    /// The "host:port" address the node listens on and the others reach it at.
    public let address: String
    /// The folder of the node's Raft log and snapshots: the whole database. It is made readable
    /// by its owner alone (mode 0700); an existing folder that its group or others may access is
    /// refused.
    public let dataDirectory: String

    private let library: DqliteLibrary
    private let node = Locked<NodeHandle?>(nil)

    /// Creates the node and starts it: it listens on `address` when this returns.
    ///
    /// `networkLatency` is the one-way latency between nodes that dqlite plans its timeouts
    /// with: heartbeats every 1.5 times it, and an election after 15 times it without one
    /// (default 20 ms, for a local network: a lost leader is replaced within a second).
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when `address` is not "host:port" (libdqlite
    ///   would take port 8080, which clients are not told), libdqlite cannot be loaded, the
    ///   folder cannot be made, or the node cannot start (its address in use or not resolved,
    ///   its data unreadable: the message says which);
    ///   `SQLITE_PERM` when the data folder exists and its group or others may access it.
    public init(id: UInt64, address: String, dataDirectory: String, networkLatency: Duration = .milliseconds(20)) throws {
        self.id = id
        self.address = address
        self.dataDirectory = dataDirectory
        guard (try? NodeAddress.split(address)) != nil else {
            throw SQLError(code: .cantOpen, message: "cannot start dqlite node \(id) on \(address): not a host:port address (clients need the port)")
        }
        library = try DqliteLibrary.shared()
        signal(SIGPIPE, SIG_IGN)
        try Self.prepareDataDirectory(dataDirectory)
        var created: OpaquePointer?
        let status = library.create(id, address, dataDirectory, &created)
        guard let created else { throw SQLError(code: .cantOpen, message: "cannot create dqlite node \(id) (error \(status))") }
        let milliseconds = UInt32(max(1, min(3_600_000, networkLatency.components.seconds * 1000 + networkLatency.components.attoseconds / 1_000_000_000_000_000)))
        let bindAddress = Self.bindAddress(for: address) ?? address
        if status != 0 || library.setBindAddress(created, bindAddress) != 0
            || library.setConnectFunction(created, PeerDialer.connectFunction, nil) != 0
            || library.setNetworkLatency(created, milliseconds) != 0 || library.start(created) != 0
        {
            let reason = Self.startFailureReason(address: address, libraryMessage: library.errmsg(created).map { String(cString: $0) })
            library.destroy(created)
            throw SQLError(code: .cantOpen, message: "cannot start dqlite node \(id) on \(address): \(reason)")
        }
        if let port = UInt16((try? NodeAddress.split(bindAddress).port) ?? "") { AcceptedNoDelay.apply(port: port) }
        node.withLock { $0 = NodeHandle(pointer: created) }
    }

    deinit {
        stop()
    }

    /// Whether the node is running (started and not stopped).
    public var isRunning: Bool { node.withLock { $0 != nil } }

    /// Stops the node: it closes its connections once their requests are done, and its data
    /// stays in its folder for a later start. Stopping twice does nothing; never throws.
    public func stop() {
        guard let running = node.withLock({ current -> NodeHandle? in
            defer { current = nil }
            return current
        }) else { return }
        _ = library.stop(running.pointer)
        library.destroy(running.pointer)
    }
}

/// A started node's C handle, which only `SQLClusterNode` uses, under its lock.
private struct NodeHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
