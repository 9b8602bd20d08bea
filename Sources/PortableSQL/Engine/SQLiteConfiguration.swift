/// Which SQLite library a `SQLContext` runs on.
///
/// `.platform` (the default) is the system SQLite that this package links. PortableSQLPlus adds
/// `.plus`, SQLCipher loaded in isolation, for encrypted databases. Both engines can be used side
/// by side in one process. `strict(_:)` adds PortableSQL's stricter checks to either.
public struct SQLiteConfiguration: Sendable, CustomStringConvertible {
    /// A short name for this configuration, such as "platform" or "plus".
    public let name: String
    /// The stricter checks a context opened with this configuration makes; none by default, so
    /// that SkipSQL code gives the same results (see `SQLStrictness`).
    public private(set) var strictness: SQLStrictness = []
    private let load: @Sendable () throws -> SQLiteEngine

    /// Makes a configuration whose engine comes from `load`, called on each open.
    ///
    /// `load` must cache what it loads; it throws a `SQLError` when the library cannot be loaded.
    package init(name: String, load: @escaping @Sendable () throws -> SQLiteEngine) {
        self.name = name
        self.load = load
    }

    /// The system SQLite (`libsqlite3`), linked into the program.
    public static let platform = SQLiteConfiguration(name: "platform") { SQLiteEngine.system }

    /// This configuration with the checks of `strictness` turned on (all of them by default).
    ///
    /// ```swift
    /// let db = try SQLContext(path: path, configuration: .platform.strict())
    /// let foreignKeysOnly = SQLiteConfiguration.platform.strict(.foreignKeys)
    /// ```
    public func strict(_ strictness: SQLStrictness = .all) -> SQLiteConfiguration {
        var configuration = self
        configuration.strictness = strictness
        return configuration
    }

    /// The engine of this configuration.
    ///
    /// - Throws: `SQLError` when the library cannot be loaded.
    package func engine() throws -> SQLiteEngine {
        try load()
    }

    /// The configuration's name, with "strict" when it makes any stricter check.
    public var description: String { strictness.isEmpty ? name : "\(name) (strict)" }
}
