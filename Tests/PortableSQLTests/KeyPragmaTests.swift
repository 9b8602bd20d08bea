import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// `KeyPragma`, which the shell takes a key statement with, reads a pragma as SQLite does, and
/// only a statement that is nothing but a key pragma.
@Suite struct KeyPragmaTests {
    @Test func keyPragmasAreReadInEverySpelling() {
        #expect(KeyPragma("PRAGMA key = 'secret'") == KeyPragma(name: "key", schema: "main", value: "secret"))
        #expect(KeyPragma("pragma MAIN.Key('it''s');") == KeyPragma(name: "key", schema: "MAIN", value: "it's"))
        #expect(KeyPragma("PRAGMA /* c */ \"hexkey\" = \"00ff\" -- note") == KeyPragma(name: "hexkey", schema: "main", value: "00ff"))
        #expect(KeyPragma("PRAGMA rekey = bare_word") == KeyPragma(name: "rekey", schema: "main", value: "bare_word"))
        #expect(KeyPragma("PRAGMA textrekey = 42") == KeyPragma(name: "textrekey", schema: "main", value: "42"))
        #expect(KeyPragma("PRAGMA hexrekey = '00'")?.changesKey == true)
        #expect(KeyPragma("PRAGMA hexrekey = '00'")?.isHex == true)
        #expect(KeyPragma("PRAGMA key = 'x'")?.changesKey == false)
    }

    @Test func anyPragmaGivenAValueIsReadTheSameWay() {
        #expect(PragmaAssignment("PRAGMA cipher_compatibility = 3") == PragmaAssignment(name: "cipher_compatibility", schema: "main", value: "3"))
        #expect(PragmaAssignment("pragma Main.\"Cipher_Compatibility\"(4);") == PragmaAssignment(name: "cipher_compatibility", schema: "Main", value: "4"))
        #expect(PragmaAssignment("PRAGMA /* c */ user_version = 7 -- note")?.value == "7")
        for sql in ["PRAGMA cipher_compatibility", "PRAGMA cipher_compatibility = -1", "PRAGMA a = 1; PRAGMA b = 2", "EXPLAIN PRAGMA a = 1", "PRAGMA a(1"] {
            #expect(PragmaAssignment(sql) == nil, "\(sql)")
        }
    }

    @Test func otherStatementsAreNoKeyPragmas() {
        for sql in [
            "PRAGMA key", "PRAGMA key = ", "PRAGMA key = 'a'; SELECT 1", "EXPLAIN PRAGMA key = 'a'", "PRAGMA keys = 'a'",
            "PRAGMA cipher_compatibility = 4", "SELECT 'PRAGMA key = 1'", "PRAGMA key('a'", "PRAGMA key = 'a' 'b'", "PRAGMA main. = 'a'",
        ] {
            #expect(KeyPragma(sql) == nil, "\(sql)")
        }
    }

    @Test func limitsReadOnlyAndTransactionStatesOfAttachedDatabases() throws {
        let directory = try TemporaryDirectory()
        try sqlite3(directory.path("ro.db"), "CREATE TABLE r(x);")
        let db = try SQLContext(path: directory.path("main.db"), flags: [.readWrite, .create, .uri])
        try db.exec(sql: "ATTACH ? AS ro", parameters: [.text("file:\(directory.path("ro.db"))?mode=ro")])
        #expect(db.isReadOnly(schema: "main") == false && db.isReadOnly(schema: "ro") == true && db.isReadOnly(schema: "nope") == nil)
        #expect(db.transactionState(of: "main") == .idle)
        try db.exec(sql: "BEGIN")
        _ = try db.selectAll(sql: "SELECT * FROM ro.r")
        #expect(db.transactionState(of: "ro") == .reading && db.transactionState(of: "main") == .idle)
        try db.exec(sql: "CREATE TABLE w(y)")
        #expect(db.transactionState(of: "main") == .writing)
        try db.exec(sql: "COMMIT")
        #expect(db.transactionState(of: "nope") == nil)
        // SQLITE_LIMIT_LENGTH is 0: setting it returns the value before, then the new one reads back.
        let length = try #require(db.limit(0))
        #expect(db.limit(0, setting: 5000) == length && db.limit(0) == 5000)
        #expect(throws: SQLError.self) { try db.selectAll(sql: "SELECT zeroblob(6000)") }
        try db.close()
        #expect(db.limit(0) == nil && db.isReadOnly(schema: "main") == nil && db.transactionState(of: "main") == nil)
    }
}
