import Foundation
@testable import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// The system SQLite and SQLCipher, side by side in one process, never mixed up.
@Suite struct TwoEnginesTests {
    @Test func bothEnginesInterleaved() throws {
        let directory = try TemporaryDirectory()
        let plainPath = directory.path("plain.db")
        let secretPath = directory.path("secret.db")
        let platform = try SQLContext(path: plainPath)
        let plus = try SQLContext(path: secretPath, configuration: .plus)
        try plus.key("correct horse battery staple")

        let systemVersion = try run("/usr/bin/sqlite3", ["-version"]).split(separator: " ")[0]
        #expect(platform.version == String(systemVersion))
        #expect(try platform.selectAll(sql: "SELECT json_extract('{\"a\":[1,2]}', '$.a[1]')") == [[2]])
        #expect(platform.cipherVersion == nil)
        #expect(!platform.isEncrypted)

        let cipherVersion = try #require(plus.cipherVersion)
        let cliCipherVersion = try sqlcipher(":memory:", "PRAGMA cipher_version;").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cipherVersion == cliCipherVersion)
        #expect(plus.version != platform.version)
        #expect(try plus.selectAll(sql: "SELECT sqlite_version()") == [[.text(plus.version)]])
        #expect(plus.isEncrypted)

        try platform.exec(sql: "CREATE TABLE note (body TEXT)")
        try plus.exec(sql: "CREATE TABLE note (body TEXT)")
        for number in 0..<200 {
            try platform.exec(sql: "INSERT INTO note VALUES (?)", parameters: [.text("plain note \(number)")])
            try plus.exec(sql: "INSERT INTO note VALUES (?)", parameters: [.text("SECRET-MESSAGE-\(number)")])
        }
        #expect(try platform.selectAll(sql: "SELECT count(*) FROM note") == [[200]])
        #expect(try plus.selectAll(sql: "SELECT count(*) FROM note WHERE body LIKE 'SECRET%'") == [[200]])
        try platform.close()
        try plus.close()

        let plainBytes = try Data(contentsOf: URL(fileURLWithPath: plainPath))
        let secretBytes = try Data(contentsOf: URL(fileURLWithPath: secretPath))
        #expect(plainBytes.starts(with: Data("SQLite format 3\0".utf8)))
        #expect(plainBytes.range(of: Data("plain note 7".utf8)) != nil)
        #expect(!secretBytes.starts(with: Data("SQLite format 3".utf8)))
        #expect(secretBytes.range(of: Data("SECRET-MESSAGE".utf8)) == nil)
        #expect(secretBytes.range(of: Data("CREATE TABLE".utf8)) == nil)
    }

    @Test func featureProbe() throws {
        let plus = SQLContext(configuration: .plus)
        let platform = SQLContext()
        #expect(plus.supports(.encryption))
        #expect(!platform.supports(.encryption))
        let probed = SQLiteFeature.allCases.filter { plus.supports($0) }.map(\.rawValue)
        print("SQLCipher \(plus.cipherVersion ?? "?") on SQLite \(plus.version) supports: \(probed.joined(separator: ", "))")

        // Each feature works where the probe says so, and fails with SQLite's clear error where not.
        let trials: [(SQLiteFeature, String, String)] = [
            (.jsonFunction, "SELECT json('{}')", "no such function: json"),
            (.fts3, "CREATE VIRTUAL TABLE f3 USING fts3(body)", "no such module: fts3"),
            (.fts4, "CREATE VIRTUAL TABLE f4 USING fts4(body)", "no such module: fts4"),
            (.fts5, "CREATE VIRTUAL TABLE f5 USING fts5(body)", "no such module: fts5"),
            (.rightJoin, "SELECT * FROM (SELECT 1 AS a) l RIGHT JOIN (SELECT 1 AS a) r ON l.a = r.a", "RIGHT and FULL OUTER JOINs are not currently supported"),
            (.fullOuterJoin, "SELECT * FROM (SELECT 1 AS a) l FULL OUTER JOIN (SELECT 1 AS a) r ON l.a = r.a", "RIGHT and FULL OUTER JOINs are not currently supported"),
            (.selectReturning, "CREATE TABLE rt (a); INSERT INTO rt VALUES (1) RETURNING a", "syntax error"),
        ]
        for (feature, sql, message) in trials {
            if plus.supports(feature) {
                try plus.exec(sql: sql)
            } else {
                let error = try #require(throws: SQLError.self, "\(feature)") { try plus.exec(sql: sql) }
                #expect(error.message.contains(message), "\(feature): \(error)")
            }
        }
        if plus.version.hasPrefix("3.15.") {
            // Debian bookworm's SQLCipher 3.4.1: what PortableSQLPlus's articles promise.
            #expect(probed == ["fts3", "fts4", "rtree", "encryption"] || probed == ["fts3", "fts4", "encryption"])
        }
        if plus.supports(.fts4) {
            try plus.execute(script: "CREATE VIRTUAL TABLE doc USING fts4(body); INSERT INTO doc VALUES ('encrypted full text search'), ('plain words')")
            #expect(try plus.selectAll(sql: "SELECT body FROM doc WHERE doc MATCH 'search'") == [["encrypted full text search"]])
        }
    }

    @Test func jsonAndFullTextSearchUnderEncryption() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("search.db")
        let context = try SQLContext(path: path, configuration: .plus)
        try context.key("search key")
        try context.execute(script: """
            CREATE TABLE doc (id INTEGER PRIMARY KEY, meta TEXT NOT NULL);
            CREATE VIRTUAL TABLE doc_text USING fts5(body);
            """)
        let documents = [("CONFIDENTIAL quarterly figures", "finance"), ("CONFIDENTIAL launch plans", "product"), ("lunch menu", "office")]
        for (id, (body, team)) in documents.enumerated() {
            try context.exec(sql: "INSERT INTO doc (id, meta) VALUES (?, json_object('team', ?, 'tags', json_array(?, 'internal')))", parameters: [.long(Int64(id + 1)), .text(team), .text(team)])
            try context.exec(sql: "INSERT INTO doc_text (rowid, body) VALUES (?, ?)", parameters: [.long(Int64(id + 1)), .text(body)])
        }
        let found = try context.selectAll(sql: """
            SELECT json_extract(d.meta, '$.team'), json_array_length(d.meta, '$.tags')
            FROM doc_text JOIN doc d ON d.id = doc_text.rowid
            WHERE doc_text MATCH ? ORDER BY d.id
            """, parameters: ["confidential"])
        #expect(found == [["finance", 2], ["product", 2]])
        try context.close()

        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data("CONFIDENTIAL".utf8)) == nil)
        #expect(bytes.range(of: Data("finance".utf8)) == nil)
        // SQLCipher 4's own program reads the same index.
        #expect(try sqlcipher(path, "PRAGMA key = 'search key';\nSELECT rowid FROM doc_text WHERE doc_text MATCH 'launch';") == "2\n")
    }

    @Test func missingLibraryIsAClearErrorInAChildProcess() throws {
        let helper = try builtProduct("PortableSQLTestHelper")
        // By default, the newest SQLCipher: the project-built 4.x over Debian's 3.4.1.
        #expect(try run(helper, ["open-plus"]).hasPrefix("4."))
        // A named library is loaded, whatever its version; under a sanitizer (the helper is built
        // as this process is), one that needs RTLD_DEEPBIND is refused with the reason.
        if SharedLibraryFile.sanitizerIsLoaded {
            let refused = try #require(throws: CommandFailure.self) {
                try run(helper, ["open-plus"], environment: ["SQLCIPHER_LIBRARY": systemSQLCipherLibrary])
            }
            #expect(refused.standardError.contains("sanitizer"), "\(refused)")
        } else {
            #expect(try run(helper, ["open-plus"], environment: ["SQLCIPHER_LIBRARY": systemSQLCipherLibrary]).hasPrefix("3."))
        }

        let missing = try #require(throws: CommandFailure.self) {
            try run(helper, ["open-plus"], environment: ["SQLCIPHER_LIBRARY": "/nonexistent/libsqlcipher.so"])
        }
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("SQLITE_CANTOPEN"))
        #expect(missing.standardError.contains("/nonexistent/libsqlcipher.so"))
        #expect(missing.standardError.contains("SQLCIPHER_LIBRARY"))
        // Only the named library is tried: no silent fallback to the usual names.
        #expect(!missing.standardError.contains("libsqlcipher.so.0"))

        // A plain SQLite is refused: it would write secrets in clear text.
        let plain = try #require(throws: CommandFailure.self) {
            try run(helper, ["open-plus"], environment: ["SQLCIPHER_LIBRARY": systemSQLiteLibrary])
        }
        #expect(plain.status == 1)
        #expect(plain.standardError.contains("no sqlite3_key"))
    }

    @Test func encryptionOnThePlatformEngineIsRefused() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("p.db"))
        for attempt in [{ try context.key("k") }, { try context.rekey("k") }, { try context.export(directory.path("e.db"), key: "k") }] {
            let error = try #require(throws: SQLError.self) { try attempt() }
            #expect(error.code == .misuse)
            #expect(error.message.contains(".plus"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("e.db")))
    }
}
