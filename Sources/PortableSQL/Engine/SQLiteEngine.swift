import Foundation

/// One SQLite library loaded in this process: its function table, and what it can do.
///
/// Engines are created once and live as long as the process. A context, each of its statements
/// and each of its callbacks keep a reference to the engine that opened them.
@usableFromInline
package final class SQLiteEngine: @unchecked Sendable {
    // `functions` and `name` never change; the feature cache and the trampolines are guarded by `lock`.

    /// A short name for messages, such as "system SQLite" or "SQLCipher".
    package let name: String
    /// The C functions of this engine.
    @usableFromInline package let functions: SQLiteFunctions
    /// The same functions at a fixed address, for hot paths that must not retain the engine
    /// between calls; valid while the engine lives.
    @usableFromInline package let functionTable: UnsafePointer<SQLiteFunctions>
    /// Whether the engine encrypts (SQLCipher): only such an engine takes `PRAGMA key` and its kin.
    package let encrypts: Bool
    /// The message of `SQLITE_NOTADB` errors on this engine, when it should say more than SQLite's.
    package let notADatabaseMessage: String?
    /// What `SQLContext` passes to `open_v2` as its VFS name: `nil` (SQLite's default VFS) for
    /// the file engines; an engine whose `open_v2` is not SQLite's (PortableSQLCluster) finds
    /// its settings by this name.
    package let openVFSName: String?
    /// Whether the engine opens files, so that `SQLContext` checks a path before opening it;
    /// `false` for an engine whose database names are not paths (PortableSQLCluster).
    package let opensFiles: Bool
    /// Why the engine cannot report changes to observers, which then throw it at once; `nil`
    /// for the engines that can (PortableSQLCluster's cannot: its nodes run the statements).
    package let observationUnavailable: String?

    private let lock = NSLock()
    private var featureCache: [SQLFeature: Bool] = [:]
    /// The C callbacks of Swift functions on this engine, given a slot on first use.
    private var functionTrampolines: FunctionTrampolines?

    /// Wraps a function table.
    package init(
        name: String, functions: SQLiteFunctions, encrypts: Bool = false,
        notADatabaseMessage: String? = nil, openVFSName: String? = nil, opensFiles: Bool = true,
        observationUnavailable: String? = nil
    ) {
        self.name = name
        self.functions = functions
        let table = UnsafeMutablePointer<SQLiteFunctions>.allocate(capacity: 1)
        table.initialize(to: functions)
        self.functionTable = UnsafePointer(table)
        self.encrypts = encrypts
        self.notADatabaseMessage = notADatabaseMessage
        self.openVFSName = openVFSName
        self.opensFiles = opensFiles
        self.observationUnavailable = observationUnavailable
    }

    deinit {
        functionTable.deallocate()
    }

    /// The system SQLite that this package links, its files opened through `CheckedOpenVFS`.
    package static let platform = SQLiteEngine(name: "system SQLite", functions: .linkedSystemLibrary, openVFSName: CheckedOpenVFS.name)

    /// The engine's SQLite version, such as "3.40.1".
    package var version: String {
        functions.libversion().map { String(cString: $0) } ?? ""
    }

    /// The C callbacks of Swift functions on this engine, taking a slot for it on first use.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when more engines were loaded than can run Swift functions.
    func checkFunctionTrampolines() throws -> FunctionTrampolines {
        lock.lock()
        defer { lock.unlock() }
        if let functionTrampolines { return functionTrampolines }
        guard let assigned = FunctionTrampolines.assign(functionTable) else {
            throw SQLError(code: .misuse, message: "\(name) cannot run Swift functions: only the first \(FunctionTrampolines.slotCount) engines to register one in a process can")
        }
        functionTrampolines = assigned
        return assigned
    }

    /// Whether the engine has `feature`, probed once and then remembered. A probe that could
    /// not tell (the database busy or out of reach) answers false and is not remembered: the
    /// next call probes again.
    package func supports(_ feature: SQLFeature) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = featureCache[feature] { return known }
        guard let found = feature.probe(on: self) else { return false }
        featureCache[feature] = found
        return found
    }
}
