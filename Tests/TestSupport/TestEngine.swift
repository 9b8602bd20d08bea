import Foundation
import PortableSQLPlus
import Testing

/// An engine for the tests that hold on every engine: the system SQLite with plain files, and
/// SQLCipher (`.plus`) with encrypted ones, keyed with a raw key so that opening stays fast.
public struct TestEngine: CustomTestStringConvertible, Sendable {
    /// The name tests show (`platform`, `plus`, `sqlcipher3`).
    public let name: String
    /// The configuration that opens contexts on the engine.
    public let configuration: SQLiteConfiguration
    /// The key of the engine's databases; `nil` for plain ones.
    public let key: SQLCipherKey?

    /// The name, as test results show the engine.
    public var testDescription: String { name }

    /// The raw key of every encrypted test database.
    public static let testKey = SQLCipherKey.raw(Data((0..<32).map { UInt8($0 * 7 % 256) }))

    /// The system SQLite, plain files.
    public static let platform = TestEngine(name: "platform", configuration: .platform, key: nil)
    /// SQLCipher 4 (`.plus`), files encrypted with `testKey`.
    public static let plus = TestEngine(name: "plus", configuration: .plus, key: testKey)
    /// `platform` and `plus`.
    public static let both = [platform, plus]

    /// Both, and Debian's SQLCipher 3.4.1 (SQLite 3.15.2) where it can load.
    public static let withSQLCipher3: [TestEngine] = both + CipherEngine.all.dropFirst().map {
        TestEngine(name: $0.name, configuration: $0.configuration, key: testKey)
    }

    /// Opens (creating) the database at `path`, keyed when the engine encrypts.
    public func open(_ path: String) throws -> SQLContext {
        let context = try SQLContext(path: path, configuration: configuration)
        if let key { try context.key(key) }
        return context
    }

    /// Opens a private database: a file in `directory`, so that SQLCipher encrypts it too.
    public func openScratch(in directory: TemporaryDirectory, _ name: String = "scratch.sqlite") throws -> SQLContext {
        try open(directory.path(name))
    }
}
