import Foundation

/// One SQLite library loaded in this process: its function table, and what it can do.
///
/// Engines are created once and live as long as the process. A context, each of its statements
/// and each of its callbacks keep a reference to the engine that opened them.
@usableFromInline
package final class SQLiteEngine: @unchecked Sendable {
    // Only the feature cache and the trampolines change, guarded by `lock`.

    /// A short name for messages, such as "system SQLite" or "SQLCipher".
    package let name: String
    /// The C functions of this engine.
    @usableFromInline package let functions: SQLiteFunctions
    /// The same functions at a fixed address, for hot paths that must not retain the engine
    /// between calls; valid while the engine lives.
    @usableFromInline package let functionTable: UnsafePointer<SQLiteFunctions>
    /// What the engine can do beyond running SQL; `.encryption` exactly when its table has
    /// `key` and `rekey`.
    package let capabilities: SQLiteEngineCapabilities
    /// The message of `SQLITE_NOTADB` errors on this engine, when it should say more than SQLite's.
    package let notADatabaseMessage: String?
    /// The shared library file the functions were loaded from; `nil` for the library linked
    /// into the program and for an engine that is not a library.
    package let libraryPath: String?
    /// The version of the engine's encryption (SQLCipher's `PRAGMA cipher_version`, such as
    /// "4.6.1 community"); `nil` for an engine that does not encrypt.
    package let encryptionVersion: String?
    /// The VFS that `open_v2` is given; `nil` for SQLite's default.
    package let vfs: String?
    private let openConnection: Opener?

    /// Opens a connection to a database name with `open_v2`'s flags, for an engine whose
    /// connections are not SQLite's own: gives the result code and the handle (which the
    /// caller closes with the table's `closeV2`, also after a failure).
    package typealias Opener = @Sendable (_ name: String, _ flags: Int32) -> (resultCode: Int32, connection: OpaquePointer?)

    private let lock = NSLock()
    private var featureCache: [SQLiteFeature: Bool] = [:]
    /// The C callbacks of Swift functions on this engine, once it has a slot.
    private var assignedTrampolines: FunctionTrampolines?

    /// Wraps a function table.
    ///
    /// - Parameters:
    ///   - capabilities: what the engine can do; `.encryption` is added when `functions` has
    ///     `key` and `rekey`, and removed when it has not.
    ///   - open: how connections open; `nil` calls the table's `openV2` with `vfs`.
    package init(
        name: String, functions: SQLiteFunctions, capabilities: SQLiteEngineCapabilities = [.localFiles, .changeReports],
        notADatabaseMessage: String? = nil, libraryPath: String? = nil, encryptionVersion: String? = nil,
        vfs: String? = nil, open: Opener? = nil
    ) {
        self.name = name
        self.functions = functions
        let table = UnsafeMutablePointer<SQLiteFunctions>.allocate(capacity: 1)
        table.initialize(to: functions)
        self.functionTable = UnsafePointer(table)
        var capabilities = capabilities
        if functions.key != nil, functions.rekey != nil {
            capabilities.insert(.encryption)
        } else {
            capabilities.remove(.encryption)
        }
        self.capabilities = capabilities
        self.notADatabaseMessage = notADatabaseMessage
        self.libraryPath = libraryPath
        self.encryptionVersion = encryptionVersion
        self.vfs = vfs
        self.openConnection = open
    }

    deinit {
        functionTable.deallocate()
    }

    /// The system SQLite that this package links, its files opened through `CheckedOpenVFS`
    /// (the engine of `SQLiteConfiguration.platform`).
    package static let system = SQLiteEngine(name: "system SQLite", functions: .linkedSystemLibrary, vfs: CheckedOpenVFS.system)

    /// Opens a connection to the database `name` with `open_v2`'s `flags`: the result code and
    /// the handle, which the caller closes also after a failure.
    package func open(_ name: String, flags: Int32) -> (resultCode: Int32, connection: OpaquePointer?) {
        if let openConnection { return openConnection(name, flags) }
        var connection: OpaquePointer?
        let result = functions.openV2(name, &connection, flags, vfs)
        return (result, connection)
    }

    /// The engine's SQLite version, such as "3.40.1".
    package var version: String {
        functions.libversion().map { String(cString: $0) } ?? ""
    }

    /// The C callbacks of Swift functions on this engine, taking a slot for it on first use.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when more engines were loaded than can run Swift functions.
    func functionTrampolines() throws -> FunctionTrampolines {
        lock.lock()
        defer { lock.unlock() }
        if let assignedTrampolines { return assignedTrampolines }
        guard let assigned = FunctionTrampolines.assign(functionTable) else {
            throw SQLError(code: .misuse, message: "\(name) cannot run Swift functions: only the first \(FunctionTrampolines.slotCount) engines to register one in a process can")
        }
        assignedTrampolines = assigned
        return assigned
    }

    /// Whether the engine has `feature`, probed once and then remembered. A probe that could
    /// not tell (the database busy or out of reach) answers false and is not remembered: the
    /// next call probes again.
    package func supports(_ feature: SQLiteFeature) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let known = featureCache[feature] { return known }
        guard let found = feature.probe(on: self) else { return false }
        featureCache[feature] = found
        return found
    }
}
