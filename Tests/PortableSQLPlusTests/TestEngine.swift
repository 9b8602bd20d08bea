import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// An engine for the tests that hold on every engine: the system SQLite with plain files, and
/// SQLCipher (`.plus`) with encrypted ones, keyed with a raw key so that opening stays fast.
struct TestEngine: CustomTestStringConvertible, Sendable {
    let name: String
    let configuration: SQLiteConfiguration
    let key: SQLCipherKey?

    var testDescription: String { name }

    /// The raw key of every encrypted test database.
    static let testKey = SQLCipherKey.raw(Data((0..<32).map { UInt8($0 * 7 % 256) }))

    static let platform = TestEngine(name: "platform", configuration: .platform, key: nil)
    static let plus = TestEngine(name: "plus", configuration: .plus, key: testKey)
    static let both = [platform, plus]

    /// Both, and Debian's SQLCipher 3.4.1 (SQLite 3.15.2) where it can load.
    static let withSQLCipher3: [TestEngine] = both + CipherEngine.all.dropFirst().map {
        TestEngine(name: $0.name, configuration: $0.configuration, key: testKey)
    }

    /// Opens (creating) the database at `path`, keyed when the engine encrypts.
    func open(_ path: String) throws -> SQLContext {
        let context = try SQLContext(path: path, configuration: configuration)
        if let key { try context.key(key) }
        return context
    }

    /// Opens a private database: a file in `directory`, so that SQLCipher encrypts it too.
    func openScratch(in directory: TemporaryDirectory, _ name: String = "scratch.sqlite") throws -> SQLContext {
        try open(directory.path(name))
    }
}
