import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Databases in SQLCipher 3's format on SQLCipher 4: told apart from wrong keys, opened in
/// compatibility mode, upgraded in place.
@Suite struct CipherFormatTests {
    /// Writes a database with Debian's SQLCipher 3.4.1 program: 40 rows, user_version 9.
    func writeVersion3Database(at path: String, key: String = "old format") throws {
        try sqlcipher(path, """
            PRAGMA key = '\(key)';
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
            INSERT INTO item (name) SELECT 'item ' || i FROM n;
            PRAGMA user_version = 9;
            """, program: systemSQLCipherProgram)
        #expect(try sqlcipher(path, "PRAGMA key = '\(key)';\nSELECT count(*) FROM item;", program: systemSQLCipherProgram) == "40\n")
    }

    @Test func theDefaultEngineIsSQLCipher4() throws {
        let context = SQLContext(configuration: .plus)
        let version = try #require(context.cipherVersion)
        #expect(Int(version.prefix { $0.isNumber }) ?? 0 >= 4, "\(version)")
        #expect(context.supports(.jsonFunction) && context.supports(.fts5) && context.supports(.rightJoin) && context.supports(.fullOuterJoin))
        // The project-built library when Scripts/bootstrap built one (the system's SQLCipher is
        // older than 4), and its program reports the same versions.
        let projectBuilt = FileManager.default.isExecutableFile(atPath: projectSQLCipherProgram)
        #expect(context.cipherLibraryPath?.hasPrefix("/usr/local/lib/portablesql/sqlcipher/") == projectBuilt)
        #expect(try sqlcipher(":memory:", "PRAGMA cipher_version;\nSELECT sqlite_version();") == "\(version)\n\(context.version)\n")
    }

    @Test func aVersion3DatabaseIsToldApartFromAWrongKey() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.db")
        try writeVersion3Database(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let context = try SQLContext(path: path, configuration: .plus)
        let format = try #require(throws: SQLError.self) { try context.key("old format") }
        #expect(format.code == .notADatabase)
        #expect(format.message.contains("SQLCipher 3 format"), "\(format.message)")
        #expect(format.message.contains("compatibility: 3") && format.message.contains("upgradeCipherFormat"))

        let wrong = try #require(throws: SQLError.self) { try context.key("not the key") }
        #expect(wrong.code == .notADatabase)
        #expect(wrong.message.contains("key is wrong"), "\(wrong.message)")
        #expect(!wrong.message.contains("SQLCipher 3 format"))

        // The same handle opens it in compatibility mode, reads and writes it in that format.
        try context.key("old format", settings: .sqlcipher3)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[40]])
        #expect(context.userVersion == 9)
        try context.exec(sql: "INSERT INTO item (name) VALUES ('written by 4')")
        try context.close()
        #expect(before.count > 0)
        #expect(try sqlcipher(path, "PRAGMA key = 'old format';\nSELECT name FROM item WHERE id = 41;", program: systemSQLCipherProgram) == "written by 4\n")
    }

    @Test func upgradeMigratesInPlaceAndSaysWhatItFound() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("upgrade.db")
        try writeVersion3Database(at: path)

        let upgrade = try SQLContext.upgradeCipherFormat(at: path, key: "old format")
        #expect(upgrade.formerFormat == 3 && upgrade.currentFormat == 4)
        #expect(upgrade.migrated)
        #expect(upgrade.description == "was in SQLCipher 3 format; upgraded to SQLCipher 4 format")

        // Now the key alone opens it, on SQLCipher 4 here and in SQLCipher 4's own program.
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key("old format")
        #expect(try context.selectAll(sql: "SELECT count(*), max(name) FROM item") == [[40, "item 9"]])
        #expect(context.userVersion == 9)
        #expect(try context.selectAll(sql: "PRAGMA cipher_integrity_check") == [])
        try context.close()
        #expect(try sqlcipher(path, "PRAGMA key = 'old format';\nPRAGMA user_version;\nSELECT count(*) FROM item;", program: projectSQLCipherProgram) == "9\n40\n")
        // Debian's SQLCipher 3 no longer reads it: the format really changed.
        #expect(throws: CommandFailure.self) {
            try sqlcipher(path, "PRAGMA key = 'old format';\nSELECT count(*) FROM item;", program: systemSQLCipherProgram)
        }

        let again = try SQLContext.upgradeCipherFormat(at: path, key: "old format")
        #expect(again.formerFormat == 4 && again.currentFormat == 4)
        #expect(!again.migrated)
        #expect(again.description.contains("nothing to do"))
    }

    @Test func upgradeFailuresChangeNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.db")
        try writeVersion3Database(at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let wrong = try #require(throws: SQLError.self) { try SQLContext.upgradeCipherFormat(at: path, key: "not the key") }
        #expect(wrong.code == .notADatabase)
        #expect(wrong.message.contains("key is wrong"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let missing = try #require(throws: SQLError.self) { try SQLContext.upgradeCipherFormat(at: directory.path("absent.db"), key: "k") }
        #expect(missing.code == .cantOpen)
        #expect(!FileManager.default.fileExists(atPath: directory.path("absent.db")))

        let empty = try #require(throws: SQLError.self) { try SQLContext.upgradeCipherFormat(at: path, key: "") }
        #expect(empty.code == .misuse)

        let platform = try #require(throws: SQLError.self) { try SQLContext.upgradeCipherFormat(at: path, key: "old format", configuration: .platform) }
        #expect(platform.code == .misuse)

        let plainPath = directory.path("plain.db")
        try sqlite3(plainPath, "CREATE TABLE t (v); INSERT INTO t VALUES (1);")
        let plain = try #require(throws: SQLError.self) { try SQLContext.upgradeCipherFormat(at: plainPath, key: "k") }
        #expect(plain.code == .notADatabase)
        #expect(plain.message.contains("not encrypted"), "\(plain.message)")
        #expect(try sqlite3(plainPath, "SELECT count(*) FROM t;") == "1\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aKeyOnAPlainDatabaseSaysItIsNotEncrypted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("plain.db")
        try sqlite3(path, "CREATE TABLE t (v);")
        let context = try SQLContext(path: path, configuration: .plus)
        let error = try #require(throws: SQLError.self) { try context.key("any key") }
        #expect(error.code == .notADatabase)
        #expect(error.message.contains("not encrypted"), "\(error.message)")
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_master;") == "1\n")
    }

    @Test func settingsOfSQLCipher4InteroperateWithItsProgram() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tuned.db")
        let settings = SQLCipherSettings(kdfIterations: 5000, kdfAlgorithm: .sha256, hmacAlgorithm: .sha256)
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key("tuned", settings: settings)
        try context.execute(script: "CREATE TABLE t (v); INSERT INTO t VALUES ('tuned')")
        #expect(try context.selectAll(sql: "PRAGMA cipher_kdf_algorithm") == [["PBKDF2_HMAC_SHA256"]])
        #expect(try context.selectAll(sql: "PRAGMA cipher_hmac_algorithm") == [["HMAC_SHA256"]])
        try context.close()
        #expect(try sqlcipher(path, """
            PRAGMA key = 'tuned';
            PRAGMA kdf_iter = 5000;
            PRAGMA cipher_kdf_algorithm = PBKDF2_HMAC_SHA256;
            PRAGMA cipher_hmac_algorithm = HMAC_SHA256;
            SELECT v FROM t;
            """, program: projectSQLCipherProgram) == "tuned\n")
        let defaults = try SQLContext(path: path, configuration: .plus)
        #expect(throws: SQLError.self) { try defaults.key("tuned") }
        try defaults.key("tuned", settings: settings)
        #expect(try defaults.selectAll(sql: "SELECT v FROM t") == [["tuned"]])
    }

    @Test func aPlainHeaderKeepsSQLitesHeaderAndEncryptsTheRest() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("header.db")
        let salt = Data((0..<16).map { UInt8($0 * 11) })
        let settings = SQLCipherSettings(plaintextHeaderSize: 32, salt: salt)
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key("shared container", settings: settings)
        try context.execute(script: "CREATE TABLE t (v); INSERT INTO t VALUES ('SECRET-IN-HEADER-DB')")
        try context.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: Data("SQLite format 3\0".utf8)))
        #expect(bytes.range(of: Data("SECRET-IN-HEADER-DB".utf8)) == nil)

        let reader = try SQLContext(path: path, configuration: .plus)
        let withoutSalt = try #require(throws: SQLError.self) { try reader.key("shared container", settings: SQLCipherSettings(plaintextHeaderSize: 32)) }
        #expect([.notADatabase, .error].contains(withoutSalt.resultCode), "\(withoutSalt)")
        try reader.key("shared container", settings: settings)
        #expect(try reader.selectAll(sql: "SELECT v FROM t") == [["SECRET-IN-HEADER-DB"]])

        let bad = SQLContext(configuration: .plus)
        for wrong in [SQLCipherSettings(plaintextHeaderSize: 30), SQLCipherSettings(salt: Data(count: 8)), SQLCipherSettings(compatibility: 7)] {
            let error = try #require(throws: SQLError.self) { try bad.key("k", settings: wrong) }
            #expect(error.code == .misuse, "\(wrong): \(error)")
        }
    }

    @Test func sqlcipherLogsNothingUnlessAsked() throws {
        let helper = try builtProduct("PortableSQLTestHelper")
        let directory = try TemporaryDirectory()
        func wrongKey(_ arguments: [String]) throws -> (output: String, errors: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: helper)
            process.arguments = ["wrong-key"] + arguments
            let (output, errors) = (Pipe(), Pipe())
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let logged = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(logged)")
            return (printed, logged)
        }
        let quiet = try wrongKey([directory.path("quiet.db")])
        #expect(quiet.output == "SQLITE_NOTADB\n")
        #expect(quiet.errors == "")
        let loud = try wrongKey([directory.path("loud.db"), SQLCipherLogLevel.error.rawValue])
        #expect(loud.output == "SQLITE_NOTADB\n")
        #expect(loud.errors.contains("hmac check failed"), "\(loud.errors)")

        let platform = try #require(throws: SQLError.self) { try SQLiteConfiguration.platform.setCipherLogLevel(.none) }
        #expect(platform.code == .misuse)
    }

    @Test(arguments: [SQLCipherSettings(compatibility: 1), SQLCipherSettings(hmac: false), .sqlcipher3])
    func aWrongKeyThenTheRightOneOnTheSameHandle(settings: SQLCipherSettings) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("old.db")
        do {
            let writer = try SQLContext(path: path, configuration: .plus)
            try writer.key("right key", settings: settings)
            try writer.execute(script: "CREATE TABLE item (name TEXT); INSERT INTO item VALUES ('kept'); PRAGMA user_version = 4")
            try writer.close()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let context = try SQLContext(path: path, configuration: .plus)
        defer { try? context.close() }
        let wrong = try #require(throws: SQLError.self) { try context.key("wrong key", settings: settings) }
        #expect(wrong.code == .notADatabase, "\(wrong)")
        try context.key("right key", settings: settings)
        #expect(try context.selectAll(sql: "SELECT name FROM item") == [["kept"]])
        #expect(context.userVersion == 4)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
