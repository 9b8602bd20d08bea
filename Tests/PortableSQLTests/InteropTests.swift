import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// Files written by the `sqlite3` program open here, and the other way round.
@Suite struct InteropTests {
    @Test func sqlite3WritesAndReadsBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("interop.db")
        try sqlite3(path, """
            CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT, photo BLOB, score REAL);
            INSERT INTO person (name, photo, score) VALUES ('Ada', x'CAFE', 9.5), ('Grace', NULL, 8.25);
            PRAGMA user_version = 4;
            """)
        let context = try SQLContext(path: path)
        #expect(context.userVersion == 4)
        #expect(try context.selectAll(sql: "SELECT name, photo, score FROM person ORDER BY id") == [
            [.text("Ada"), .blob(Data([0xCA, 0xFE])), .real(9.5)],
            [.text("Grace"), .null, .real(8.25)],
        ])
        try context.transaction {
            try context.exec(sql: "INSERT INTO person (name, photo, score) VALUES (?, ?, ?)", parameters: ["Linus 🐧", .blob(Data([1, 2, 3])), 7])
            try context.exec(sql: "UPDATE person SET score = score + 1 WHERE name = ?", parameters: ["Ada"])
        }
        context.userVersion = 5
        try context.close()
        let output = try sqlite3(path, """
            PRAGMA user_version;
            SELECT name, hex(photo), score FROM person ORDER BY id;
            PRAGMA integrity_check;
            """)
        #expect(output == "5\nAda|CAFE|10.5\nGrace||8.25\nLinus 🐧|010203|7.0\nok\n")
    }
}
