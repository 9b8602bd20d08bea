/// Which SQLite library a `SQLContext` runs on.
///
/// `.platform` (the default) is the system SQLite that this package links. PortableSQLPlus adds
/// `.plus`, SQLCipher loaded in isolation, for encrypted databases. Both engines can be used side
/// by side in one process.
public struct SQLiteConfiguration: Sendable, CustomStringConvertible {
    /// A short name for this configuration, such as "platform" or "plus".
    public let name: String
    private let load: @Sendable () throws -> SQLiteEngine

    /// Makes a configuration whose engine comes from `load`, called on each open.
    ///
    /// `load` must cache what it loads; it throws a `SQLError` when the library cannot be loaded.
    package init(name: String, load: @escaping @Sendable () throws -> SQLiteEngine) {
        self.name = name
        self.load = load
    }

    /// The system SQLite (`libsqlite3`), linked into the program.
    public static let platform = SQLiteConfiguration(name: "platform") { SQLiteEngine.platform }

    /// The engine of this configuration.
    ///
    /// - Throws: `SQLError` when the library cannot be loaded.
    package func engine() throws -> SQLiteEngine {
        try load()
    }

    /// The configuration's name.
    public var description: String { name }
}
