import Foundation
import PortableSQL
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// The SQLPlus samples of the specification, with only the imports changed (and `assert` given
/// its parentheses).
@Suite struct SpecPlusSampleTests {
    @Test func usingSQLPlus() throws {
        let directory = try TemporaryDirectory()
        let dbpath = directory.url.appendingPathComponent("db.sqlite")
        let db = try SQLContext(path: dbpath.path, flags: [.create, .readWrite], configuration: .plus)
        // do something with the database
        try db.exec(sql: "CREATE TABLE t (v)")
        try db.close()
        #expect(db.isClosed)
        #expect(FileManager.default.fileExists(atPath: dbpath.path))
    }

    @Test func json() throws {
        let sqlplus = SQLContext(configuration: .plus)
        try sqlplus.exec(sql: #"CREATE TABLE users (id INTEGER PRIMARY KEY, profile JSON)"#)

        try sqlplus.exec(sql: #"INSERT INTO users (id, profile) VALUES (1, '{"name": "Alice", "age": 30}')"#)
        try sqlplus.exec(sql: #"INSERT INTO users (id, profile) VALUES (2, '{"name": "Bob", "age": 25}')"#)

        let query1 = #"SELECT json_extract(profile, '$.name') as name FROM users WHERE id = ?"#
        let query2 = #"SELECT json_extract(profile, '$.name') as name, json_extract(profile, '$.age') as age FROM users WHERE id = ?"#
        if sqlplus.supports(.jsonFunction) {
            let j1 = try sqlplus.selectAll(sql: query1, parameters: [.integer(1)]).first
            assert(j1 == [.text("Alice")])
            #expect(j1 == [.text("Alice")])

            let j2 = try sqlplus.selectAll(sql: query2, parameters: [.integer(2)]).first
            assert(j2 == [.text("Bob"), .integer(25)])
            #expect(j2 == [.text("Bob"), .integer(25)])
        } else {
            // SQLCipher 3.4.1 (SQLite 3.15.2, Debian bookworm) has no JSON functions.
            let error = try #require(throws: SQLError.self) { try sqlplus.selectAll(sql: query1, parameters: [.integer(1)]) }
            #expect(error.message == "no such function: json_extract")
            #expect(throws: SQLError.self) { try sqlplus.selectAll(sql: query2, parameters: [.integer(2)]) }
        }
    }

    @Test func encryption() throws {
        let directory = try TemporaryDirectory()
        let dbpath = directory.url.appendingPathComponent("encrypted.sqlite")
        let db = try SQLContext(path: dbpath.path, flags: [.create, .readWrite], configuration: .plus)
        try db.exec(sql: "PRAGMA key = 'password'")
        try db.exec(sql: "CREATE TABLE SOME_TABLE(col)")
        try db.exec(sql: "INSERT INTO SOME_TABLE(col) VALUES(?)", parameters: [.text("SOME SECRET STRING")])
        try db.close()

        let bytes = try Data(contentsOf: dbpath)
        #expect(bytes.range(of: Data("SOME SECRET STRING".utf8)) == nil)
        #expect(!bytes.starts(with: Data("SQLite format 3".utf8)))
        #expect(try sqlcipher(dbpath.path, "PRAGMA key = 'password';\nSELECT col FROM SOME_TABLE;") == "SOME SECRET STRING\n")
    }

    @Test func encryptingAnUnencryptedDatabase() throws {
        let directory = try TemporaryDirectory()
        let dbPath = directory.url.appendingPathComponent("app.sqlite")
        let plain = try SQLContext(path: dbPath.path, flags: [.create, .readWrite], configuration: .plus)
        try plain.exec(sql: "CREATE TABLE note (body TEXT)")
        try plain.exec(sql: "INSERT INTO note VALUES (?)", parameters: ["keep me secret"])
        plain.userVersion = 6

        let encrypted = try plain.encryptDatabase(key: "s3cret", at: dbPath)
        #expect(plain.isClosed)
        #expect(encrypted.userVersion == 6)
        #expect(try encrypted.selectAll(sql: "SELECT body FROM note") == [["keep me secret"]])
        try encrypted.close()
        let bytes = try Data(contentsOf: dbPath)
        #expect(bytes.range(of: Data("keep me secret".utf8)) == nil)
        #expect(!FileManager.default.fileExists(atPath: dbPath.appendingPathExtension("rekey").path))
    }
}

extension SQLContext {
    /// Takes an unencrypted database and encrypts it with the given key
    func encryptDatabase(key: String, at dbPath: URL) throws -> SQLContext {
        let v = self.userVersion

        let tmpDBURL = dbPath.appendingPathExtension("rekey")

        // create a new temporary location to encrypt the database
        try self.export(tmpDBURL.path, key: key)

        try self.close()  // disconnect the current DB so we can safely delete and overwrite it

        // move the encrypted database to the new path
        try FileManager.default.removeItem(at: dbPath)
        try FileManager.default.moveItem(at: tmpDBURL, to: dbPath)

        // reconnect to the newly converted database
        let ctx = try SQLContext(path: dbPath.path, flags: .readWrite, configuration: .plus)
        try ctx.key(key)  // set the key on the database

        // re-set the userVersion, which sqlcipher_export does not copy
        ctx.userVersion = v

        return ctx  // return the newly-created context
    }
}
