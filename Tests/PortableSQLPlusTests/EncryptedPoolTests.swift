import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// A pool over an encrypted database: every connection keyed as it opens.
@Suite struct EncryptedPoolTests {
    @Test func everyConnectionIsKeyedAndTheFileStaysCiphertext() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pool.db")
        let pool = try SQLContextPool(path: path, key: "pool passphrase", maximumReaderCount: 3)
        try await pool.write { db in
            try db.exec(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for number in 0..<25 {
                        try await pool.write { db in
                            try db.exec(sql: "INSERT INTO note (body) VALUES (?)", parameters: [.text("SECRET-\(writer)-\(number)")])
                        }
                    }
                }
            }
            for _ in 0..<6 {
                group.addTask {
                    for _ in 0..<20 {
                        let (cipher, count) = try await pool.read { db in
                            (try db.selectAll(sql: "PRAGMA cipher_version").first?.first, try db.selectAll(sql: "SELECT count(*) FROM note")[0][0])
                        }
                        #expect(cipher != nil && (count.longValue ?? -1) >= 0)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await pool.read { try $0.selectAll(sql: "SELECT count(*) FROM note")[0][0] } == 100)
        try pool.close()

        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!bytes.starts(with: Data("SQLite format 3".utf8)))
        #expect(bytes.range(of: Data("SECRET-".utf8)) == nil)
        // The last connection to close checkpointed the WAL into the file and removed it.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try sqlcipher(path, "PRAGMA key = 'pool passphrase';\nSELECT count(*) FROM note;") == "100\n")

        let wrong = try #require(throws: SQLError.self) { try SQLContextPool(path: path, key: "not the passphrase") }
        #expect(wrong.code == .notADatabase)
        #expect(throws: SQLError.self) { try SQLContextPool(path: path, key: "") }
        let plain = try #require(throws: SQLError.self) { try SQLContextPool(path: path) }
        #expect(plain.code == .notADatabase)
    }

    /// A key with an engine that has no cipher is refused before any file is made, and so is an
    /// empty key; `prepareConnection` runs after the key, on every connection.
    @Test func aKeyNeedsASQLCipherEngineAndPrepareConnectionRunsAfterIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("keyed.db")
        let plain = try #require(throws: SQLError.self) { try SQLContextPool(path: path, key: "k", configuration: .platform) }
        #expect(plain.resultCode == .misuse && plain.message.contains("SQLCipher"), "\(plain)")
        let empty = try #require(throws: SQLError.self) { try SQLContextPool(path: path, key: "") }
        #expect(empty.resultCode == .misuse, "\(empty)")
        #expect(!FileManager.default.fileExists(atPath: path))
        let pool = try SQLContextPool(path: path, key: "k") { try $0.exec(sql: "PRAGMA synchronous = NORMAL") }
        #expect(try pool.read { try $0.selectAll(sql: "PRAGMA synchronous")[0][0].longValue } == 1)
        #expect(try pool.write { try $0.selectAll(sql: "PRAGMA cipher_version").count } == 1)
        try pool.close()
    }

    @Test func aClosedWriterAndReaderAreReopenedWithTheKey() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reopen.db")
        let pool = try SQLContextPool(path: path, key: "pool passphrase", maximumReaderCount: 1)
        try await pool.write { try $0.execute(script: "CREATE TABLE note (body TEXT NOT NULL); INSERT INTO note VALUES ('kept')") }
        let writeError = await #expect(throws: SQLError.self) {
            try await pool.write { db in
                try db.exec(sql: "INSERT INTO note VALUES ('rolled back')")
                try db.close()
            }
        }
        #expect(writeError?.resultCode == .misuse)
        let readError = await #expect(throws: SQLError.self) { try await pool.read { db in try db.close() } }
        #expect(readError?.resultCode == .misuse)
        // The new writer and reader are keyed: they read and write the encrypted file.
        try await pool.write { try $0.exec(sql: "INSERT INTO note VALUES ('added')") }
        #expect(try await pool.read { try $0.selectAll(sql: "SELECT group_concat(body) FROM note")[0][0] } == "kept,added")
        try pool.close()
        #expect(try sqlcipher(path, "PRAGMA key = 'pool passphrase';\nSELECT count(*) FROM note;") == "2\n")
    }
}
