import Foundation
import PortableSQL
internal import PortableSQLSystem

/// The nodes and options of one cluster configuration: what an engine's `open_v2` needs.
struct ClusterSettings: Hashable, Sendable {
    let nodes: [String]
    let options: SQLClusterOptions
}

/// The cluster engines made in this process, one per set of nodes and options; each opens its
/// connections to its own nodes.
enum ClusterRegistry {
    private static let engines = Locked<[ClusterSettings: SQLiteEngine]>([:])

    /// The engine of `settings`, made on first use.
    static func engine(for settings: ClusterSettings) -> SQLiteEngine {
        engines.withLock { engines in
            if let known = engines[settings] { return known }
            let engine = SQLiteEngine(
                name: "dqlite cluster (\(settings.nodes.joined(separator: ", ")))", functions: .cluster, capabilities: [],
                open: { name, flags in open(name, flags: flags, settings: settings) })
            engines[settings] = engine
            return engine
        }
    }

    /// Opens a connection to the database `name` on the cluster of `settings`: an empty name
    /// or ":memory:" is a scratch database of this connection's own.
    private static func open(_ name: String, flags: Int32, settings: ClusterSettings) -> (resultCode: Int32, connection: OpaquePointer?) {
        let scratch = name.isEmpty || name == ":memory:"
        let connection = ClusterConnection(
            settings: settings, database: scratch ? ClusterConnection.scratchDatabase : name, isReadOnly: flags & 1 != 0, isScratch: scratch)
        let handle = ClusterHandles.retain(connection)
        return (connection.open(), handle)
    }
}
