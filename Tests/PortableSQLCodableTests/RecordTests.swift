import Foundation
import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// A record type whose table is computed, made anew each time it is read.
struct ComputedTableNote: SQLCodable {
    var text: String

    static let text = SQLColumn(name: "text", type: .text)
    static var table: SQLTable { SQLTable(name: "computed_note", columns: [text]) }

    init(text: String) {
        self.text = text
    }

    init(row: SQLRow, context: SQLContext) throws {
        text = try Self.text.textValueRequired(in: row)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.text] = SQLValue(text)
    }
}

@Suite struct RecordTests {
    @Test func aTableMadeOnEachReadIsRefusedRatherThanSlow() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(ComputedTableNote.self)
        let error = try #require(throws: SQLError.self) { try context.insert(ComputedTableNote(text: "a")) }
        #expect(error.code == .misuse && error.message.contains("static let"), "\(error)")
        #expect(try context.selectAll(sql: "SELECT count(*) FROM computed_note") == [[.long(0)]])
        // Reading still works: a query builds the table once.
        try context.exec(sql: "INSERT INTO computed_note VALUES ('b')")
        #expect(try context.fetchAll(ComputedTableNote.self).map(\.text) == ["b"])
    }

    @Test func insertAssignsAutoincrementKeys() throws {
        let context = try SQLContext(path: nil)
        let (authors, books) = try makeLibrary(context)
        #expect(authors.map(\.id) == [1, 2, 3])
        #expect(books.map(\.id) == [1, 2, 3, 4, 5])
        // A record left without a price gets the column default.
        #expect(try context.fetch(Book.self, id: 4)?.price == 9.99)
        // An explicit key is kept.
        let explicit = try context.insert(Author(id: 40, name: "Explicit"))
        #expect(explicit.id == 40)
        #expect(try context.insert(Author(name: "Next")).id == 41)
    }

    @Test func anAssignedKeyComesBackWithEveryValue() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Author.self)
        let stored = try context.insert(Author(name: "Le Guin", born: 1929))
        #expect(stored == Author(id: 1, name: "Le Guin", born: 1929))
        #expect(try context.fetch(Author.self, id: 1) == stored)
        // A failed insert whose key the database would assign leaves nothing for the next one,
        // and uses up no key.
        let duplicate = try #require(throws: SQLError.self) { try context.insert(Author(name: "Le Guin", born: 1900)) }
        #expect(duplicate.extendedCode == .constraintUnique)
        let next = try context.insert(Author(name: "Tiptree"))
        #expect(next == Author(id: 2, name: "Tiptree", born: nil))
        #expect(try context.selectAll(sql: "SELECT id, name, born FROM author ORDER BY id") == [
            [.long(1), .text("Le Guin"), .long(1929)], [.long(2), .text("Tiptree"), .null],
        ])
    }

    @Test func insertAllIsAllOrNothing() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Author.self)
        let error = try #require(throws: SQLError.self) {
            try context.insertAll([Author(name: "A"), Author(name: "B"), Author(name: "A")])
        }
        #expect(error.extendedCode == .constraintUnique)
        #expect(try context.count(Author.self) == 0)
    }

    @Test func updateUpsertDelete() throws {
        let context = try SQLContext(path: nil)
        let (authors, _) = try makeLibrary(context)
        var banks = authors[1]
        banks.name = "Iain M. Banks"
        try context.update(banks)
        #expect(try context.fetch(Author.self, id: 2) == banks)

        // As in SkipSQL, updating a key no row has changes nothing and is no error.
        try context.update(Author(id: 99, name: "Ghost"))
        #expect(context.changes == 0)
        #expect(try context.fetch(Author.self, id: 99) == nil)

        let upserted = try context.save(Author(name: "New via upsert", born: 2000))
        #expect(upserted.id == 4)
        try context.save(Author(id: 4, name: "Renamed via upsert", born: 2001))
        #expect(try context.fetch(Author.self, id: 4)?.name == "Renamed via upsert")
        // Upserting a parent keeps its children: nothing is deleted and re-inserted.
        try context.save(Author(id: 1, name: "Le Guin", born: 1929))
        #expect(try context.count(Book.self, where: Book.authorID.equals(1)) == 2)

        #expect(try context.delete(authors[2]))
        #expect(try !context.delete(authors[2]))
        try context.delete(Book.self, where: Book.price.greaterThan(11))
        #expect(context.changes == 2)
        #expect(try context.count(Book.self) == 3)
        try context.delete(Book.self)
        #expect(context.changes == 3)
    }

    @Test func fetchAndAggregates() throws {
        let context = try SQLContext(path: nil)
        _ = try makeLibrary(context)
        #expect(try context.fetch(Book.self, id: 3)?.title == "Consider Phlebas")
        #expect(try context.fetch(Book.self, id: 300) == nil)
        let cheapest = try context.fetchAll(Book.self, orderBy: Book.price, limit: 2).map(\.title)
        #expect(cheapest == ["A Wizard of Earthsea", "Excession"])
        let newest = try context.fetchAll(Book.self, where: Book.authorID.equals(2), orderBy: Book.title, order: .descending).map(\.title)
        #expect(newest == ["Look to Windward", "Excession", "Consider Phlebas"])
        #expect(try context.count(Book.self) == 5)
        #expect(try context.exists(Book.self, where: Book.title.like("%Windward")))
        #expect(try !context.exists(Book.self, where: Book.title.like("%Nowhere%")))
        #expect(try context.sum(column: Book.price, of: Book.self) == .real(8.5 + 12 + 10 + 9.99 + 15.25))
        #expect(try context.avg(column: Review.stars, of: Review.self) == .real(4.25))
        #expect(try context.min(column: Author.born, of: Author.self) == .long(1929))
        #expect(try context.max(column: Book.title, of: Book.self, where: Book.authorID.equals(1)) == .text("The Dispossessed"))
        #expect(try context.sum(column: Book.price, of: Book.self, where: Book.id.equals(999)) == .null)
    }

    @Test func requiredReadersThrowSkipSQLsNullColumnNamingTheColumn() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Author.self)
        try context.exec(sql: "INSERT INTO author (id, name) VALUES (1, x'00FF')")
        let wrongType = try #require(throws: SQLBindingError.self) { try context.fetch(Author.self, id: 1) }
        guard case .nullColumn(let column) = wrongType else { Issue.record("not nullColumn: \(wrongType)"); return }
        #expect(column.name == "name")
        #expect(wrongType.description == #"column "name" is NULL, missing, or not of the kind read"#)

        try context.createTableIfNotExists(DemoTable.self)
        try context.exec(sql: "CREATE TABLE loose (ID INTEGER PRIMARY KEY, TXT TEXT, NUM REAL, INT INTEGER, DBL REAL, BLB BLOB)")
        try context.exec(sql: "INSERT INTO loose (ID, TXT, INT) VALUES (1, NULL, 5)")
        try context.exec(sql: "INSERT INTO DEMO_TABLE SELECT * FROM loose WHERE 0")
        let rows = try context.selectAll(sql: "SELECT ID, TXT, NUM, INT, DBL, BLB FROM loose")
        var row = SQLRow()
        for (column, value) in zip(DemoTable.table.columns, rows[0]) { row[column] = value }
        let nullText = try #require(throws: SQLBindingError.self) { try DemoTable(row: row, context: context) }
        guard case .nullColumn(let nullColumn) = nullText else { Issue.record("not nullColumn: \(nullText)"); return }
        #expect(nullColumn == DemoTable.txt)
    }

    @Test func constraintViolationLeavesTheTableUnchanged() throws {
        let context = try SQLContext(path: nil, configuration: .platform.strict(.foreignKeys))
        _ = try makeLibrary(context)
        let before = try context.selectAll(sql: "SELECT * FROM book ORDER BY id")
        let orphan = try #require(throws: SQLError.self) { try context.insert(Book(authorID: 999, title: "Orphan")) }
        #expect(orphan.extendedCode == .constraintForeignKey)
        let duplicate = try #require(throws: SQLError.self) { try context.insert(Author(name: "Banks")) }
        #expect(duplicate.extendedCode == .constraintUnique)
        #expect(try context.selectAll(sql: "SELECT * FROM book ORDER BY id") == before)
        #expect(try context.count(Author.self) == 3)
    }

    @Test func aFailedInsertLeavesNoValueForTheNextOne() throws {
        struct EncodingFailure: Error {}
        struct Note: SQLCodable {
            static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
            static let body = SQLColumn(name: "body", type: .text)
            static let table = SQLTable(name: "note", columns: [id, body])
            var id: Int64
            var body: String?
            var failsWhileEncoding = false
            init(id: Int64, body: String?, failsWhileEncoding: Bool = false) {
                (self.id, self.body, self.failsWhileEncoding) = (id, body, failsWhileEncoding)
            }
            init(row: SQLRow, context: SQLContext) throws {
                (id, body) = (try Self.id.longValueRequired(in: row), row[Self.body]?.textValue)
            }
            func encode(row: inout SQLRow) throws {
                row[Self.id] = .long(id)
                if let body { row[Self.body] = .text(body) }
                if failsWhileEncoding { throw EncodingFailure() }
            }
        }
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Note.self)
        try context.insert(Note(id: 1, body: "first"))
        // Fails after encoding a body, before binding; then one that fails in SQLite, after binding.
        #expect(throws: EncodingFailure.self) { try context.insert(Note(id: 2, body: "unsent", failsWhileEncoding: true)) }
        let duplicate = try #require(throws: SQLError.self) { try context.insert(Note(id: 1, body: "duplicate")) }
        #expect(duplicate.extendedCode == .constraintPrimaryKey)
        // Neither body may reach a record that gives none.
        try context.insert(Note(id: 3, body: nil))
        #expect(try context.selectAll(sql: "SELECT id, body FROM note ORDER BY id") == [[.long(1), .text("first")], [.long(3), .null]])
    }

    @Test func encodingAnUndeclaredColumnIsRefused() throws {
        struct Sloppy: SQLCodable {
            static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
            static let table = SQLTable(name: "sloppy", columns: [id])
            init() {}
            init(row: SQLRow, context: SQLContext) throws {}
            func encode(row: inout SQLRow) throws {
                row[Self.id] = 1
                row[SQLColumn(name: "extra", type: .text)] = "x"
            }
        }
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Sloppy.self)
        let error = try #require(throws: SQLError.self) { try context.insert(Sloppy()) }
        #expect(error.message.contains("extra"))
        #expect(try context.count(Sloppy.self) == 0)
    }
}
