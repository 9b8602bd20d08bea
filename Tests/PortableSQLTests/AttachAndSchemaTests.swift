import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// ATTACH and DETACH, with keys on SQLCipher, and typed schema introspection, on every engine.
@Suite struct AttachAndSchemaTests {
    @Test(arguments: TestEngine.withSQLCipher3)
    func attachedDatabasesAreQueriedBySchemaName(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.open(directory.path("main.sqlite"))
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT)")
        try db.exec(sql: "INSERT INTO note (title) VALUES ('current')")
        if engine.key == nil {
            try db.attach(path: directory.path("archive.sqlite"), as: "archive")
        } else {
            try db.attach(path: directory.path("archive.sqlite"), as: "archive", key: TestEngine.testKey)
        }
        try db.exec(sql: "CREATE TABLE archive.note (id INTEGER PRIMARY KEY, title TEXT)")
        try db.exec(sql: "INSERT INTO archive.note (title) VALUES ('old'), ('older')")
        #expect(try db.selectAll(sql: "SELECT (SELECT count(*) FROM main.note), (SELECT count(*) FROM archive.note)") == [[.long(1), .long(2)]])
        #expect(try db.databases().map(\.name) == ["main", "archive"])
        #expect(try db.databases().last?.path.hasSuffix("archive.sqlite") == true)
        #expect(try db.tables(in: "archive").map(\.name) == ["note"])
        #expect(try db.columns(for: "note", in: "archive").map(\.name) == ["id", "title"])
        let taken = try #require(throws: SQLError.self) { try db.attach(path: directory.path("other.sqlite"), as: "archive") }
        #expect(taken.message.contains("archive"), "\(taken)")
        try db.detach("archive")
        #expect(try db.databases().map(\.name) == ["main"])
        let gone = try #require(throws: SQLError.self) { try db.detach("archive") }
        #expect(gone.message.contains("archive"), "\(gone)")
        #expect(throws: SQLError.self) { try db.selectAll(sql: "SELECT * FROM archive.note") }
    }

    @Test func attachedDatabasesKeepTheirOwnKeys() throws {
        let directory = try TemporaryDirectory()
        let db = try TestEngine.plus.open(directory.path("main.sqlite"))
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t (x)")
        try db.exec(sql: "INSERT INTO t VALUES (1), (2), (3)")
        try db.attach(path: directory.path("other.sqlite"), as: "other", key: "other passphrase")
        try db.attach(path: directory.path("plain.sqlite"), as: "plain", key: nil)
        try db.exec(sql: "CREATE TABLE other.t AS SELECT x * 10 AS x FROM main.t")
        try db.exec(sql: "CREATE TABLE plain.t AS SELECT x * 100 AS x FROM main.t")
        try db.detach("other")
        try db.detach("plain")
        // Each file opens with its own key only.
        #expect(try sqlite3(directory.path("plain.sqlite"), "SELECT sum(x) FROM t;") == "600\n")
        let other = try SQLContext(path: directory.path("other.sqlite"), configuration: .plus)
        try other.key("other passphrase")
        #expect(try other.selectAll(sql: "SELECT sum(x) FROM t") == [[.long(60)]])
        try other.close()
        // A wrong key is refused at once, and the name is free again.
        let wrong = try #require(throws: SQLError.self) { try db.attach(path: directory.path("other.sqlite"), as: "other", key: "wrong") }
        #expect(wrong.code == .notADatabase, "\(wrong)")
        #expect(try db.databases().map(\.name) == ["main"])
        #expect(throws: SQLError.self) { try db.attach(path: directory.path("x.sqlite"), as: "x", key: "") }
        let platform = SQLContext()
        let notCipher = try #require(throws: SQLError.self) { try platform.attach(path: directory.path("y.sqlite"), as: "y", key: "k") }
        #expect(notCipher.code == .misuse, "\(notCipher)")
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func schemaIsReadAsTypedValues(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.open(directory.path("schema.sqlite"))
        defer { try? db.close() }
        try db.execute(script: """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, born INTEGER DEFAULT 1900);
            CREATE TABLE book (
                isbn TEXT NOT NULL, edition INTEGER NOT NULL DEFAULT 1, author_id INTEGER REFERENCES author (id) ON DELETE CASCADE,
                translator_id INTEGER, title TEXT COLLATE NOCASE, price REAL DEFAULT 9.5,
                PRIMARY KEY (isbn, edition),
                FOREIGN KEY (translator_id) REFERENCES author ON UPDATE SET NULL
            );
            CREATE INDEX book_title ON book (title, price DESC);
            CREATE UNIQUE INDEX book_cheap ON book (price) WHERE price < 5;
            CREATE VIEW cheap_book AS SELECT title FROM book WHERE price < 5;
            CREATE VIEW author_name AS SELECT name FROM author;
            """)
        #expect(try db.tables().map(\.name) == ["author", "book"])
        #expect(try db.views().map(\.name) == ["cheap_book", "author_name"])
        #expect(try db.views().first?.sql?.contains("price < 5") == true)

        let columns = try db.columns(for: "book")
        #expect(columns.map(\.name) == ["isbn", "edition", "author_id", "translator_id", "title", "price"])
        #expect(columns.map(\.isNotNull) == [true, true, false, false, false, false])
        #expect(columns.map(\.primaryKeyPosition) == [1, 2, nil, nil, nil, nil])
        #expect(columns.map(\.defaultValueSQL) == [nil, "1", nil, nil, nil, "9.5"])
        #expect(columns.map(\.type) == ["TEXT", "INTEGER", "INTEGER", "INTEGER", "TEXT", "REAL"])

        let indexes = try db.indexes(on: "book")
        #expect(indexes.map(\.name) == ["book_cheap", "book_title", "sqlite_autoindex_book_1"])
        #expect(indexes.map(\.columns) == [["price"], ["title", "price"], ["isbn", "edition"]])
        #expect(indexes.map(\.isUnique) == [true, false, true])
        #expect(indexes.map(\.origin) == ["c", "c", "pk"])
        #expect(indexes.map(\.isPartial) == [true, false, false])
        #expect(try db.indexes(on: "author").map(\.origin) == ["u"])

        let keys = try db.foreignKeys(of: "book")
        #expect(keys == [
            ForeignKeyInfo(referencedTable: "author", columns: ["author_id"], referencedColumns: ["id"], onUpdate: "NO ACTION", onDelete: "CASCADE"),
            ForeignKeyInfo(referencedTable: "author", columns: ["translator_id"], referencedColumns: [nil], onUpdate: "SET NULL", onDelete: "NO ACTION"),
        ])
        #expect(try db.foreignKeys(of: "author").isEmpty)
        #expect(try db.columns(for: "missing").isEmpty && db.indexes(on: "missing").isEmpty && db.foreignKeys(of: "missing").isEmpty)
        #expect(throws: SQLError.self) { try db.indexes(on: "book", in: "nowhere") }
    }
}
