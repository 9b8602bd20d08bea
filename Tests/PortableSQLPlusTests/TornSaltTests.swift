import Foundation
import PortableSQL
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// A power cut while a checkpoint writes page 1 of an encrypted database in WAL mode can garble
/// the file's first sector, where SQLCipher keeps the salt of its keys; the WAL still holds
/// page 1 whole. `key()` then takes the salt from the WAL (`keyWithSaltFromWAL`). Found by
/// `Tests/ReliabilityTests/PowerLoss` (pool-writes); here the state is laid down directly: the
/// files of an open WAL database, copied as a cut would find them, with the first 512 bytes
/// of the database file overwritten.
@Suite struct TornSaltTests {
    // Made on each use rather than kept in globals: LeakSanitizer does not see the bytes of a
    // `Data` held in a global (see Tests/lsan-suppressions.txt) and would report them.
    static var keys: [SQLCipherKey] { [.passphrase("torn salt"), .raw(Data(repeating: 0x33, count: 32))] }
    static let rows: Int64 = 300
    /// What the first sector of the database file is overwritten with.
    static var garbage: Data { Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131) }) }

    /// A folder holding `db` and its `db-wal` (page 1 among the WAL's committed frames, not
    /// yet checkpointed), with the first sector of `db` garbled.
    static func tornDatabase(key: SQLCipherKey, in directory: TemporaryDirectory) throws -> String {
        let original = directory.path("original.db")
        let context = try SQLContext(path: original, configuration: .plus)
        try context.key(key)
        try context.exec(sql: "CREATE TABLE item (n INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        _ = try context.selectAll(sql: "PRAGMA journal_mode = WAL")
        _ = try context.selectAll(sql: "PRAGMA wal_autocheckpoint = 0")
        try context.exec(sql: "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows)) INSERT INTO item SELECT i, hex(randomblob(200)) FROM c")
        let torn = directory.path("db")
        try FileManager.default.copyItem(atPath: original, toPath: torn)
        try FileManager.default.copyItem(atPath: original + "-wal", toPath: torn + "-wal")
        try context.close()
        let handle = try #require(FileHandle(forUpdatingAtPath: torn))
        try handle.write(contentsOf: garbage)
        try handle.close()
        return torn
    }

    @Test(arguments: keys)
    func opensWithTheSaltOfTheWAL(key: SQLCipherKey) throws {
        let directory = try TemporaryDirectory()
        let torn = try Self.tornDatabase(key: key, in: directory)
        let context = try SQLContext(path: torn, configuration: .plus)
        try context.key(key)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[.long(Self.rows)]])
        #expect(try context.selectAll(sql: "PRAGMA integrity_check") == [["ok"]])
        try context.close()
        // Closing checkpointed page 1 into the file, salt first, and removed the WAL: it opens
        // as any other now.
        #expect(!FileManager.default.fileExists(atPath: torn + "-wal"))
        let start = try Data(contentsOf: URL(fileURLWithPath: torn)).prefix(512)
        #expect(start != Self.garbage && start.prefix(16) != Self.garbage.prefix(16))
        let again = try SQLContext(path: torn, configuration: .plus)
        try again.key(key)
        #expect(try again.selectAll(sql: "SELECT count(*) FROM item") == [[.long(Self.rows)]])
        try again.close()
    }

    @Test func aWrongKeyIsStillRefused() throws {
        let directory = try TemporaryDirectory()
        let torn = try Self.tornDatabase(key: Self.keys[1], in: directory)
        let context = try SQLContext(path: torn, configuration: .plus)
        let error = try #require(throws: SQLError.self) { try context.key(.raw(Data(repeating: 0x44, count: 32))) }
        #expect(error.code == .notADatabase)
        // The right key still opens it, on the same context.
        try context.key(Self.keys[1])
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[.long(Self.rows)]])
    }

    @Test func withoutTheWALNothingOpensIt() throws {
        let directory = try TemporaryDirectory()
        let torn = try Self.tornDatabase(key: Self.keys[1], in: directory)
        try FileManager.default.removeItem(atPath: torn + "-wal")
        let context = try SQLContext(path: torn, configuration: .plus)
        let error = try #require(throws: SQLError.self) { try context.key(Self.keys[1]) }
        #expect(error.code == .notADatabase)
    }

    @Test func aPoolOpensIt() throws {
        let directory = try TemporaryDirectory()
        let torn = try Self.tornDatabase(key: Self.keys[0], in: directory)
        let pool = try SQLContextPool(path: torn, configuration: .plus) { try $0.key(Self.keys[0]) }
        try pool.write { try $0.exec(sql: "INSERT INTO item (body) VALUES ('after')") }
        #expect(try pool.read { try $0.selectAll(sql: "SELECT count(*) FROM item") } == [[.long(Self.rows + 1)]])
        try pool.close()
    }
}
