import Foundation
import PortableSQLCodable
import Testing

// SQLCodable and the context's record calls, with SkipSQL's result types.
@Suite struct RecordConformanceTests {
    @Test func insertFetchUpdateDelete() throws {
        let db = try libraryContext()
        let shelf: Shelf = try db.insert(Shelf(label: "fiction")) // ⟦SQLContext.insert(_:inSchema:upsert:)⟧
        #expect(shelf.id == 1)
        var second = Shelf(label: "poetry", weight: 2.5)
        try db.inserted(&second, refresh: true) // ⟦SQLContext.inserted(_:refresh:)⟧
        #expect(second.id == 2)
        let books: [Book] = try db.insertAll([Book(shelfID: 1, title: "A", pages: 10), Book(shelfID: 1, title: "B", pages: 20), Book(shelfID: 2, title: "C", pages: 30)]) // ⟦SQLContext.insertAll(_:inSchema:)⟧
        #expect(books.map(\.id) == [1, 2, 3])
        let count: Int64 = try db.count(Book.self) // ⟦SQLContext.count(_:inSchema:where:)⟧
        let filtered: Int64 = try db.count(Book.self, where: Book.shelfID.equals(SQLValue(1)))
        #expect(count == 3 && filtered == 2)
        let exists: Bool = try db.exists(Book.self, where: Book.title.equals(SQLValue("C"))) // ⟦SQLContext.exists(_:inSchema:where:)⟧
        #expect(exists)
        let byID: Book? = try db.fetch(Book.self, id: SQLValue(2)) // ⟦SQLContext.fetch(_:id:)⟧
        let byKeys: Book? = try db.fetch(Book.self, primaryKeys: [SQLValue(3)]) // ⟦SQLContext.fetch(_:primaryKeys:)⟧
        #expect(byID?.title == "B" && byKeys?.title == "C")
        let all: [Book] = try db.fetchAll(Book.self, where: Book.pages.greaterThan(SQLValue(15)), orderBy: Book.pages, order: .descending, limit: 5, offset: 0) // ⟦SQLContext.fetchAll(_:inSchema:where:orderBy:order:limit:offset:)⟧
        #expect(all.map(\.title) == ["C", "B"])

        var book = try #require(byID)
        book.pages = 25
        try db.update(book) // ⟦SQLContext.update(_:inSchema:)⟧
        try db.exec(sql: "UPDATE BOOK SET TITLE = 'B2' WHERE ID = 2")
        try db.refresh(&book) // ⟦SQLContext.refresh(_:)⟧
        #expect(book.title == "B2" && book.pages == 25)
        let upserted: Book = try db.insert(Book(id: 2, shelfID: 1, title: "B3", pages: 26), upsert: true)
        let countAfterUpsert = try db.count(Book.self)
        #expect(upserted.title == "B3" && countAfterUpsert == 3)

        let sum: SQLValue = try db.sum(column: Book.pages, of: Book.self) // ⟦SQLContext.sum(column:of:inSchema:where:)⟧
        let avg: SQLValue = try db.avg(column: Book.pages, of: Book.self, where: Book.shelfID.equals(SQLValue(1))) // ⟦SQLContext.avg(column:of:inSchema:where:)⟧
        let min: SQLValue = try db.min(column: Book.pages, of: Book.self) // ⟦SQLContext.min(column:of:inSchema:where:)⟧
        let max: SQLValue = try db.max(column: Book.pages, of: Book.self) // ⟦SQLContext.max(column:of:inSchema:where:)⟧
        let total: SQLValue = try db.aggregate("TOTAL", column: Book.pages, type: Book.self) // ⟦SQLContext.aggregate(_:column:type:inSchema:where:)⟧
        #expect(sum == .long(66) && avg == .real(18) && min == .long(10) && max == .long(30) && total == .real(66))

        let deletedInstances: Void = try db.delete(instances: [book]) // ⟦SQLContext.delete(instances:)⟧
        let deletedWhere: Void = try db.delete(Book.self, where: Book.title.equals(SQLValue("A"))) // ⟦SQLContext.delete(_:inSchema:where:)⟧
        let countAfterDeletes = try db.count(Book.self)
        #expect(deletedInstances == () && deletedWhere == () && countAfterDeletes == 1)
        let deletedAll: Void = try db.deleteAll(Book.self) // ⟦SQLContext.deleteAll(_:inSchema:)⟧
        #expect(deletedAll == ())
        #expect(try db.count(Book.self) == 0)
        try db.close()
    }

    @Test func recordHelpersOfSQLCodable() throws {
        let db = try libraryContext()
        let fresh = Book(shelfID: 1, title: "A")
        let row: SQLRow = try fresh.encodedRow() // ⟦SQLCodable.encodedRow()⟧
        #expect(row[Book.title] == .text("A"))
        let keyColumns: [SQLColumn] = Book.primaryKeyColumns // ⟦SQLCodable.primaryKeyColumns⟧
        let keyValues: [SQLValue] = try fresh.primaryKeyValues // ⟦SQLCodable.primaryKeyValues⟧
        let isNew: Bool? = try fresh.isNewInstance // ⟦SQLCodable.isNewInstance⟧
        #expect(keyColumns == [Book.id] && keyValues == [.long(0)] && isNew == true)
        let constructed: Book = try Book.construct(row: row, context: db) // ⟦SQLCodable.construct(row:context:)⟧
        #expect(constructed == fresh)
        let select: SQLExpression = Book.selectSQL(alias: "b") // ⟦SQLCodable.selectSQL(alias:)⟧
        #expect(select.sql == "SELECT b.\"ID\", b.\"SHELF_ID\", b.\"TITLE\", b.\"PAGES\" FROM \"BOOK\" AS b")
        let made: SQLRow = try db.createSQLRow([Book.id, Book.title], [.long(1), .text("x")]) // ⟦SQLContext.createSQLRow(_:_:)⟧
        #expect(made == [Book.id: .long(1), Book.title: .text("x")])
        let insertSQL: SQLExpression = try db.insertUpdateSQL(for: fresh, inSchema: nil, upsert: false) // ⟦SQLContext.insertUpdateSQL(for:inSchema:upsert:explicitNulls:)⟧
        #expect(insertSQL.sql == "INSERT INTO \"BOOK\" (\"SHELF_ID\", \"TITLE\", \"PAGES\") VALUES (?, ?, ?)")
        #expect(insertSQL.bindings == [.long(1), .text("A"), .long(0)])
        let keyQuery: SQLPredicate = try db.primaryKeyQuery([Book(id: 4, shelfID: 1, title: "A"), Book(id: 5, shelfID: 1, title: "B")]) // ⟦SQLContext.primaryKeyQuery(_:)⟧
        var keyExpression = SQLExpression("")
        keyQuery.apply(to: &keyExpression)
        #expect(keyExpression.sql == "\"ID\" IN (?, ?)" && keyExpression.bindings == [.long(4), .long(5)])
        let statement: SQLStatement = try db.prepare(expr: SQLExpression("SELECT ?", [.long(9)])) // ⟦SQLContext.prepare(expr:)⟧
        #expect(try statement.next() && statement.long(at: 0) == 9)
        try statement.close()
        try db.close()
    }

    @Test func cursorsAndIterators() throws {
        let db = try libraryContext()
        try db.insertAll([Shelf(label: "a"), Shelf(label: "b"), Shelf(label: "c")])
        let cursor: RowCursor<Shelf> = try db.query(Shelf.self).eval() // ⟦RowCursor⟧
        let iterator: RowIterator<Shelf> = cursor.makeIterator() // ⟦RowCursor.makeIterator()⟧ ⟦RowIterator⟧
        let first: RowIterator<Shelf>.Element? = iterator.next() // ⟦RowIterator.next()⟧ ⟦RowIterator.Element⟧
        #expect(try first?.get().label == "a")
        cursor.close() // ⟦RowCursor.close()⟧
        let loaded: [Shelf] = try db.query(Shelf.self).eval().load(count: 2) // ⟦RowCursor.load(count:)⟧
        #expect(loaded.map(\.label) == ["a", "b"])
        let element: RowCursor<Shelf>.Element = .success(loaded[0]) // ⟦RowCursor.Element⟧
        #expect(try element.get() == loaded[0])
        let statement = try db.prepare(sql: "SELECT LABEL FROM SHELF ORDER BY LABEL DESC")
        let custom = RowCursor(statement: statement, creator: { try #require($0.text(at: 0)) }) // ⟦RowCursor.init(statement:creator:)⟧
        #expect(try custom.load() == ["c", "b", "a"])
        try db.close()
    }
}
