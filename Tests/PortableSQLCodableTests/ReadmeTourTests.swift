import Foundation
import PortableSQLCodable
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// The documentation's samples (README and the DocC articles), run as written (with paths in a temporary folder).
@Suite struct ReadmeTourTests {
    struct Author: SQLCodable {
        var id: Int64 = 0
        var name: String

        static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
        static let name = SQLColumn(name: "name", type: .text, unique: true, nullable: false)
        static let table = SQLTable(name: "author", columns: [id, name])

        init(name: String) { self.name = name }
        init(row: SQLRow, context: SQLContext) throws {
            id = try Self.id.longValueRequired(in: row)
            name = try Self.name.textValueRequired(in: row)
        }
        func encode(row: inout SQLRow) throws {
            row[Self.id] = SQLValue(id)
            row[Self.name] = SQLValue(name)
        }
    }

    struct Book: SQLCodable {
        var id: Int64 = 0
        var authorID: Int64
        var title: String

        static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
        static let authorID = SQLColumn(name: "author_id", type: .long, nullable: false, index: SQLIndex(name: "book_author"),
                                        references: SQLForeignKey(table: Author.table, column: Author.id, onDelete: .cascade))
        static let title = SQLColumn(name: "title", type: .text, nullable: false)
        static let table = SQLTable(name: "book", columns: [id, authorID, title])

        init(authorID: Int64, title: String) { self.authorID = authorID; self.title = title }
        init(row: SQLRow, context: SQLContext) throws {
            id = try Self.id.longValueRequired(in: row)
            authorID = try Self.authorID.longValueRequired(in: row)
            title = try Self.title.textValueRequired(in: row)
        }
        func encode(row: inout SQLRow) throws {
            row[Self.id] = SQLValue(id)
            row[Self.authorID] = SQLValue(authorID)
            row[Self.title] = SQLValue(title)
        }
    }

    @Test func coreTour() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("library.sqlite"))
        defer { try? context.close() }
        try context.migrate([
            SQLMigration(version: 1, sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER)"),
            SQLMigration(version: 2, sql: "CREATE INDEX book_year ON book(year)"),
        ])
        try context.exec(sql: "INSERT INTO book (title, year) VALUES (?, ?)", parameters: ["Kindred", 1979])
        let rows: [[SQLValue]] = try context.selectAll(sql: "SELECT title FROM book WHERE year < :year", parameters: ["year": 1980])
        #expect(rows == [["Kindred"]])
        let insert = try context.prepare(sql: "INSERT INTO book (title, year) VALUES (?, ?)")
        try context.transaction {
            for year in 2000...2009 {
                try insert.update(parameters: [.text("Annual \(year)"), .long(Int64(year))])
            }
        }
        let query = try context.prepare(sql: "SELECT id, title FROM book ORDER BY year")
        var titles: [String] = []
        while try query.next() {
            titles.append(query.text(at: 1) ?? "")
        }
        #expect(titles.count == 11)
        let error = try #require(throws: SQLError.self) { try context.exec(sql: "INSERT INTO book (title) VALUES (NULL)") }
        #expect(error.extendedCode.name == "SQLITE_CONSTRAINT_NOTNULL")
    }

    @Test func recordsTour() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("books.sqlite"))
        db.foreignKeysEnabled = true  // SQLite's default is off
        try db.createTableIfNotExists(Author.self)
        try db.createTableIfNotExists(Book.self)
        let leGuin = try db.insert(Author(name: "Ursula K. Le Guin"))
        #expect(leGuin.id == 1)
        try db.insertAll([Book(authorID: leGuin.id, title: "The Dispossessed"), Book(authorID: leGuin.id, title: "The Lathe of Heaven")])
        let cursor = try db.query(Book.self).where(Book.title.like("The %")).orderBy(Book.title).limit(10).eval()
        var titles: [String] = []
        for result in cursor { titles.append(try result.get().title) }
        #expect(titles == ["The Dispossessed", "The Lathe of Heaven"])
        let pairs: [(Author?, Book?)] = try db.query(Author.self, alias: "a")
            .join(Book.self, alias: "b", kind: .left, on: Book.authorID)
            .eval().load()
        #expect(pairs.count == 2)
        try db.delete(leGuin)
        #expect(try db.count(Book.self) == 0)
    }

    @Test func plusTour() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("secret.sqlite"), configuration: .plus)
        try db.key("correct horse battery staple")
        try db.exec(sql: "CREATE TABLE IF NOT EXISTS note (body TEXT)")
        try db.exec(sql: "INSERT INTO note (body) VALUES (?)", parameters: ["for my eyes only"])
        try db.rekey("a new passphrase")
        try db.export(directory.path("plain-copy.sqlite"), key: nil)
        try db.close()
        #expect(try sqlite3(directory.path("plain-copy.sqlite"), "SELECT body FROM note;") == "for my eyes only\n")
        let app = directory.path("app.sqlite")
        try sqlite3(app, "CREATE TABLE t (v); INSERT INTO t VALUES (1);")
        try SQLContext.encryptFile(at: app, to: app, key: "passphrase")
        try SQLContext.decryptFile(at: app, to: directory.path("app-plain.sqlite"), key: "passphrase")
        #expect(try sqlite3(directory.path("app-plain.sqlite"), "SELECT v FROM t;") == "1\n")

        let oldPath = directory.path("old.sqlite")
        try sqlcipher(oldPath, "PRAGMA key = 'passphrase';\nCREATE TABLE t (v);\nINSERT INTO t VALUES ('three');", program: systemSQLCipherProgram)
        let old = try SQLContext(path: oldPath, configuration: .plus)
        try old.key("passphrase", settings: .sqlcipher3)
        #expect(try old.selectAll(sql: "SELECT v FROM t") == [["three"]])
        try old.close()
        let upgrade = try SQLContext.upgradeCipherFormat(at: oldPath, key: "passphrase")
        #expect("\(upgrade)" == "was in SQLCipher 3 format; upgraded to SQLCipher 4 format")
    }
}
