import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

@Suite struct EncryptionTests {
    let rawKey = Data((0..<32).map { UInt8($0 * 7 & 0xFF) })

    func fill(_ context: SQLContext, rows: Int = 300) throws {
        try context.exec(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, payload BLOB)")
        try context.transaction {
            for number in 0..<rows {
                try context.exec(sql: "INSERT INTO item (name, payload) VALUES (?, ?)", parameters: [.text("item-\(number)"), .blob(Data(repeating: UInt8(number & 0xFF), count: 40))])
            }
        }
        context.userVersion = 7
    }

    func summary(_ context: SQLContext) throws -> [[SQLValue]] {
        try context.selectAll(sql: "SELECT count(*), sum(length(name)), sum(length(payload)), max(name) FROM item")
    }

    @Test func wrongKeyThenRightKeyOnTheSameHandle() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("k.db")
        do {
            let context = try SQLContext(path: path, configuration: .plus)
            try context.key("right")
            try fill(context)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let context = try SQLContext(path: path, configuration: .plus)
        let error = try #require(throws: SQLError.self) { try context.key("wrong") }
        #expect(error.code == .notADatabase)
        #expect(error.message.contains("key is wrong"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try context.key("right")
        #expect(try summary(context)[0][0] == 300)
        #expect(context.userVersion == 7)
    }

    @Test func pragmaKeyThroughExecAsInTheSpec() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pragma.db")
        let writer = try SQLContext(path: path, configuration: .plus)
        try writer.exec(sql: "PRAGMA key = 'password'")
        try writer.exec(sql: "CREATE TABLE t (v)")
        try writer.close()
        let reader = try SQLContext(path: path, configuration: .plus)
        try reader.exec(sql: "PRAGMA key = 'not the password'")
        let error = try #require(throws: SQLError.self) { try reader.selectAll(sql: "SELECT * FROM t") }
        #expect(error.code == .notADatabase)
        let unkeyed = try SQLContext(path: path, configuration: .plus)
        #expect(throws: SQLError.self) { try unkeyed.selectAll(sql: "SELECT * FROM t") }
    }

    @Test func rawKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("raw.db")
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key(.raw(rawKey))
        try fill(context, rows: 10)
        try context.close()
        let hex = rawKey.map { String(format: "%02X", $0) }.joined()
        #expect(try sqlcipher(path, "PRAGMA key = \"x'\(hex)'\";\nSELECT count(*) FROM item;") == "10\n")
        let again = try SQLContext(path: path, configuration: .plus)
        #expect(throws: SQLError.self) { try again.key(.raw(Data(rawKey.reversed()))) }
        try again.key(.raw(rawKey))
        #expect(try again.selectAll(sql: "SELECT count(*) FROM item") == [[10]])
        for bad in [Data(), Data(count: 31), Data(count: 33)] {
            let error = try #require(throws: SQLError.self) { try again.key(.raw(bad)) }
            #expect(error.code == .misuse)
        }
        #expect(throws: SQLError.self) { try again.key("") }
        #expect(!String(describing: SQLCipherKey.raw(rawKey)).contains(hex))
        #expect(!String(reflecting: SQLCipherKey.passphrase("hunter2")).contains("hunter2"))
    }

    @Test func rekeyKeepsEveryRow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("rekey.db")
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key("old")
        try fill(context)
        let expected = try summary(context)
        try context.rekey("new")
        #expect(try summary(context) == expected)
        try context.close()
        let reopened = try SQLContext(path: path, configuration: .plus)
        #expect(throws: SQLError.self) { try reopened.key("old") }
        try reopened.key("new")
        #expect(try summary(reopened) == expected)
        #expect(reopened.userVersion == 7)
        try reopened.rekey(.raw(rawKey))
        try reopened.close()
        let hex = rawKey.map { String(format: "%02X", $0) }.joined()
        #expect(try sqlcipher(path, "PRAGMA key = \"x'\(hex)'\";\nSELECT count(*) FROM item;") == "300\n")

        let plain = try SQLContext(path: directory.path("plain.db"), configuration: .plus)
        try plain.exec(sql: "CREATE TABLE t (v)")
        let error = try #require(throws: SQLError.self) { try plain.rekey("k") }
        #expect(error.code == .misuse)
        #expect(error.message.contains("not encrypted"))
    }

    @Test func exportRoundTripKeepsRowsAndUserVersion() throws {
        let directory = try TemporaryDirectory()
        let plainPath = directory.path("plain.db")
        let plain = try SQLContext(path: plainPath, configuration: .plus)
        try fill(plain)
        let expected = try summary(plain)

        try plain.export(directory.path("enc.db"), key: "export key")
        let encrypted = try SQLContext(path: directory.path("enc.db"), configuration: .plus)
        try encrypted.key("export key")
        #expect(try summary(encrypted) == expected)
        #expect(encrypted.userVersion == 7)

        try encrypted.export(directory.path("back.db"), key: nil)
        #expect(try sqlite3(directory.path("back.db"), "PRAGMA user_version; SELECT count(*) FROM item;") == "7\n300\n")

        let exists = try #require(throws: SQLError.self) { try plain.export(directory.path("enc.db"), key: "other") }
        #expect(exists.code == .cantOpen)
        let failed = directory.path("missing-folder/out.db")
        #expect(throws: SQLError.self) { try plain.export(failed, key: "k") }
        #expect(!FileManager.default.fileExists(atPath: failed))
    }

    @Test func encryptAndDecryptFilesAtomically() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.db")
        try sqlite3(path, """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, payload BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
            INSERT INTO item (name, payload) SELECT 'row ' || i, randomblob(32) FROM n;
            PRAGMA user_version = 12;
            """)
        let expected = try sqlite3(path, "SELECT count(*), sum(length(name)), hex(max(payload)) FROM item;")

        try SQLContext.encryptFile(at: path, to: path, key: "file key")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!bytes.starts(with: Data("SQLite format 3".utf8)))
        #expect(try sqlcipher(path, "PRAGMA key = 'file key';\nPRAGMA user_version;\nSELECT count(*), sum(length(name)), hex(max(payload)) FROM item;") == "12\n" + expected)

        // Encrypting it again fails cleanly: the source is not a plain database.
        let again = try #require(throws: SQLError.self) { try SQLContext.encryptFile(at: path, to: path, key: "second") }
        #expect(again.code == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        // A wrong key leaves everything as it was.
        #expect(throws: SQLError.self) { try SQLContext.decryptFile(at: path, to: directory.path("out.db"), key: "nope") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        // An existing destination is never overwritten.
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: directory.path("taken.db")))
        #expect(throws: SQLError.self) { try SQLContext.decryptFile(at: path, to: directory.path("taken.db"), key: "file key") }
        #expect(try String(contentsOfFile: directory.path("taken.db"), encoding: .utf8) == "keep me")
        #expect(throws: SQLError.self) { try SQLContext.encryptFile(at: directory.path("absent.db"), to: directory.path("x.db"), key: "k") }

        try SQLContext.decryptFile(at: path, to: directory.path("out.db"), key: "file key")
        #expect(try sqlite3(directory.path("out.db"), "PRAGMA user_version; SELECT count(*), sum(length(name)), hex(max(payload)) FROM item;") == "12\n" + expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".portablesql-") }
        #expect(leftovers == [])
    }

    @Test func interopWithTheSqlcipherProgram() throws {
        let directory = try TemporaryDirectory()
        let cliPath = directory.path("cli.db")
        try sqlcipher(cliPath, """
            PRAGMA key = 'shared secret';
            CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT);
            INSERT INTO t (body) VALUES ('from the command line');
            PRAGMA user_version = 3;
            """)
        let context = try SQLContext(path: cliPath, configuration: .plus)
        try context.key("shared secret")
        #expect(try context.selectAll(sql: "SELECT body FROM t") == [["from the command line"]])
        #expect(context.userVersion == 3)
        try context.exec(sql: "INSERT INTO t (body) VALUES (?)", parameters: ["from PortableSQL"])
        try context.close()
        #expect(try sqlcipher(cliPath, "PRAGMA key = 'shared secret';\nSELECT body FROM t ORDER BY id;\nPRAGMA cipher_integrity_check;\nPRAGMA integrity_check;") ==
            "from the command line\nfrom PortableSQL\nok\n")
    }

    @Test func cipherSettings() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("settings.db")
        let settings = SQLCipherSettings(pageSize: 4096, kdfIterations: 2000, hmac: false)
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key("tuned", settings: settings)
        try fill(context, rows: 50)
        #expect(try context.selectAll(sql: "PRAGMA cipher_page_size") == [["4096"]])
        try context.close()
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size % 4096 == 0)
        #expect(try sqlcipher(path, "PRAGMA key = 'tuned';\nPRAGMA cipher_page_size = 4096;\nPRAGMA kdf_iter = 2000;\nPRAGMA cipher_use_hmac = OFF;\nSELECT count(*) FROM item;") == "50\n")
        let defaults = try SQLContext(path: path, configuration: .plus)
        #expect(throws: SQLError.self) { try defaults.key("tuned") }
        try defaults.key("tuned", settings: settings)
        #expect(try defaults.selectAll(sql: "SELECT count(*) FROM item") == [[50]])

        let fresh = try SQLContext(path: directory.path("bad.db"), configuration: .plus)
        #expect(throws: SQLError.self) { try fresh.key("k", settings: SQLCipherSettings(pageSize: 1000)) }
        #expect(throws: SQLError.self) { try fresh.key("k", settings: SQLCipherSettings(kdfIterations: 0)) }
        if let version = fresh.cipherVersion, version.hasPrefix("3.") {
            let error = try #require(throws: SQLError.self) { try fresh.key("k", settings: SQLCipherSettings(compatibility: 3)) }
            #expect(error.message.contains("SQLCipher 4"))
        }
    }

    @Test func tamperedPagesAreDetected() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tamper.db")
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key("integrity")
        try fill(context, rows: 400)
        let pageSizeText = try context.selectAll(sql: "PRAGMA cipher_page_size").first?.first?.textValue
        let pageSize = try #require(pageSizeText.flatMap { Int($0) })
        try context.close()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > pageSize * 6)
        for page in [2, 4] {
            bytes[page * pageSize + 100] ^= 0xFF
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let reader = try SQLContext(path: path, configuration: .plus)
        try reader.key("integrity")
        let error = try #require(throws: SQLError.self) { try reader.selectAll(sql: "SELECT name, payload FROM item") }
        #expect([.notADatabase, .corrupt].contains(error.resultCode), "\(error)")
    }

    @Test func traceHidesKeys() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("trace.db"), configuration: .plus)
        let log = ExecutedSQL(context)
        try context.exec(sql: "PRAGMA key = 'topsecret-passphrase'")
        try context.exec(sql: "CREATE TABLE t (v)")
        try context.exec(sql: "ATTACH DATABASE '\(directory.path("other.db"))' AS other KEY 'attach-secret'")
        try context.exec(sql: "PRAGMA main.rekey = 'second-secret'")
        try context.export(directory.path("exported.db"), key: "export-secret")
        log.stop()
        let all = log.statements.joined(separator: "\n")
        #expect(!all.contains("topsecret"))
        #expect(!all.contains("attach-secret"))
        #expect(!all.contains("second-secret"))
        #expect(!all.contains("export-secret"))
        #expect(all.contains("PRAGMA key = '<redacted>'"))
        #expect(all.contains("CREATE TABLE t (v)"))
        #expect(log.statements.count >= 5)
    }
}
