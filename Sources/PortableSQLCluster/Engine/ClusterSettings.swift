import Foundation
import PortableSQL
import Synchronization

/// The nodes and options of one cluster configuration: what an engine's `open_v2` needs.
struct ClusterSettings: Hashable, Sendable {
    let nodes: [String]
    let options: SQLClusterOptions
}

/// The cluster engines made in this process, one per set of nodes and options, found by the
/// name that `SQLContext` passes to `open_v2` as its VFS.
enum ClusterRegistry {
    private static let engines = Mutex<[ClusterSettings: (name: String, engine: SQLiteEngine)]>([:])
    private static let settingsByName = Mutex<[String: ClusterSettings]>([:])

    /// The engine of `settings`, made on first use.
    static func engine(for settings: ClusterSettings) -> SQLiteEngine {
        engines.withLock { engines in
            if let known = engines[settings] { return known.engine }
            let name = "portablesql-dqlite-\(engines.count + 1)"
            settingsByName.withLock { $0[name] = settings }
            let engine = SQLiteEngine(
                name: "dqlite cluster (\(settings.nodes.joined(separator: ", ")))", functions: .cluster,
                openVFSName: name, opensFiles: false, observationUnavailable: ClusterUnavailable.observation)
            engines[settings] = (name, engine)
            return engine
        }
    }

    /// The settings registered under `name`.
    static func settings(named name: String) -> ClusterSettings? {
        settingsByName.withLock { $0[name] }
    }
}
