import Foundation
@testable import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// The same promises on every SQLCipher engine: SQLCipher 4 (the default) and a SQLCipher 3
/// named with `.sqlcipher(libraryAt:)`, side by side in one process with the system SQLite.
@Suite struct EngineMatrixTests {
    @Test func debian12HasSQLCipher3() throws {
        let release = (try? String(contentsOfFile: "/etc/debian_version", encoding: .utf8)) ?? ""
        if release.hasPrefix("12"), SharedLibraryFile.sanitizerIsLoaded {
            // Debian's library is not linked with -Bsymbolic: refused with a reason, not a crash.
            #expect(CipherEngine.all.map(\.name) == ["plus"])
            let context = SQLContext(configuration: .sqlcipher(libraryAt: systemSQLCipherLibrary))
            let error = try #require(throws: SQLError.self) { try context.selectAll(sql: "SELECT 1") }
            #expect(error.code == .cantOpen && error.message.contains("sanitizer"), "\(error)")
        } else if release.hasPrefix("12") {
            #expect(CipherEngine.all.map(\.name) == ["plus", "sqlcipher3"])
            let context = SQLContext(configuration: .sqlcipher(libraryAt: systemSQLCipherLibrary))
            #expect(context.cipherVersion == "3.4.1")
            #expect(context.version == "3.15.2")
        } else {
            #expect(CipherEngine.all.count >= 1)
        }
    }

    @Test(arguments: CipherEngine.all)
    func keysRekeysAndExportsInteroperateWithTheProgram(engine: CipherEngine) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("matrix.db")
        let context = try SQLContext(path: path, configuration: engine.configuration)
        try context.key("matrix key")
        try context.execute(script: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO item (name) VALUES ('one'), ('two')")
        context.userVersion = 4
        try context.close()
        #expect(try sqlcipher(path, "PRAGMA key = 'matrix key';\nPRAGMA user_version;\nSELECT group_concat(name) FROM item;", program: engine.program) == "4\none,two\n")

        let wrong = try SQLContext(path: path, configuration: engine.configuration)
        let error = try #require(throws: SQLError.self) { try wrong.key("other key") }
        #expect(error.code == .notADatabase)
        #expect(error.message.contains("key is wrong"), "\(error.message)")
        try wrong.key("matrix key")
        try wrong.rekey("second key")
        try wrong.export(directory.path("plain.db"), key: nil)
        try wrong.close()
        #expect(try sqlite3(directory.path("plain.db"), "PRAGMA user_version; SELECT count(*) FROM item;") == "4\n2\n")
        #expect(try sqlcipher(path, "PRAGMA key = 'second key';\nSELECT count(*) FROM item;", program: engine.program) == "2\n")

        let cliPath = directory.path("cli.db")
        try sqlcipher(cliPath, "PRAGMA key = 'cli key';\nCREATE TABLE t (v);\nINSERT INTO t VALUES ('from the program');", program: engine.program)
        let reader = try SQLContext(path: cliPath, configuration: engine.configuration)
        try reader.key("cli key")
        #expect(try reader.selectAll(sql: "SELECT v FROM t") == [["from the program"]])
        #expect(reader.cipherVersion == (try sqlcipher(":memory:", "PRAGMA cipher_version;", program: engine.program)).trimmingCharacters(in: .newlines))
    }

    @Test func threeEnginesInterleavedNeverMixUp() throws {
        let directory = try TemporaryDirectory()
        let platform = try SQLContext(path: directory.path("plain.db"))
        let ciphers = try CipherEngine.all.enumerated().map { index, engine in
            let context = try SQLContext(path: directory.path("secret-\(index).db"), configuration: engine.configuration)
            try context.key("interleaved \(index)")
            return context
        }
        for context in [platform] + ciphers { try context.exec(sql: "CREATE TABLE note (body TEXT)") }
        for number in 0..<100 {
            try platform.exec(sql: "INSERT INTO note VALUES (?)", parameters: [.text("plain \(number)")])
            for context in ciphers { try context.exec(sql: "INSERT INTO note VALUES (?)", parameters: [.text("SECRET-\(number)")]) }
        }
        #expect(Set(([platform] + ciphers).map(\.version)).count == 1 + CipherEngine.all.count)
        for context in ciphers {
            #expect(try context.selectAll(sql: "SELECT count(*), sqlite_version() FROM note") == [[100, .text(context.version)]])
            try context.close()
        }
        try platform.close()
        for index in ciphers.indices {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory.path("secret-\(index).db")))
            #expect(!bytes.starts(with: Data("SQLite format 3".utf8)))
            #expect(bytes.range(of: Data("SECRET-".utf8)) == nil)
        }
    }

    @Test(arguments: CipherEngine.all)
    func whatEachEngineCanDo(engine: CipherEngine) throws {
        let context = SQLContext(configuration: engine.configuration)
        let major = Int((context.cipherVersion ?? "").prefix { $0.isNumber }) ?? 0
        let supported = SQLiteFeature.allCases.filter { context.supports($0) }
        print("\(engine.name): SQLCipher \(context.cipherVersion ?? "?") on SQLite \(context.version): \(supported.map(\.rawValue).joined(separator: ", "))")
        if major >= 4 {
            #expect(supported == SQLiteFeature.allCases)
        } else {
            #expect(Set(supported).isSuperset(of: [.encryption, .fts3, .fts4]))
            #expect(Set(supported).isDisjoint(with: [.jsonFunction, .fts5, .rightJoin, .fullOuterJoin, .upsert, .selectReturning, .windowFunctions, .strictTables]))
            // SQLCipher 4's settings are refused by name, and none of SQLCipher 4's format helpers run.
            let directory = try TemporaryDirectory()
            let fresh = try SQLContext(path: directory.path("v3.db"), configuration: engine.configuration)
            let error = try #require(throws: SQLError.self) { try fresh.key("k", settings: SQLCipherSettings(kdfAlgorithm: .sha512)) }
            #expect(error.message.contains("needs SQLCipher 4"), "\(error.message)")
            let upgrade = try #require(throws: SQLError.self) {
                try SQLContext.upgradeCipherFormat(at: directory.path("v3.db"), key: "k", configuration: engine.configuration)
            }
            #expect(upgrade.code == .misuse)
            #expect(throws: SQLError.self) { try engine.configuration.setCipherLogLevel(.error) }
            try engine.configuration.setCipherLogLevel(.none)
        }
    }

    @Test(arguments: CipherEngine.all)
    func aLibraryNamedFirstInAFreshProcessIsIsolated(engine: CipherEngine) throws {
        // In a process of its own, so that nothing has loaded the library before.
        let helper = try builtProduct("PortableSQLTestHelper")
        let context = SQLContext(configuration: engine.configuration)
        let path = try #require(context.cipherLibraryPath)
        #expect(try run(helper, ["open-plus", path]) == "\(try #require(context.cipherVersion))\n")
    }

    @Test func aLibraryThatIsNotSQLCipherIsRefusedByName() throws {
        let context = SQLContext(configuration: .sqlcipher(libraryAt: systemSQLiteLibrary))
        let error = try #require(throws: SQLError.self) { try context.selectAll(sql: "SELECT 1") }
        #expect(error.code == .cantOpen)
        #expect(error.message.contains("no sqlite3_key"), "\(error.message)")
        let missing = SQLContext(configuration: .sqlcipher(libraryAt: "/nonexistent/libsqlcipher.so"))
        #expect(throws: SQLError.self) { try missing.selectAll(sql: "SELECT 1") }
    }
}
