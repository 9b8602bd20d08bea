import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

@Suite struct SQLStatementTests {
    func makeContext() throws -> SQLContext {
        let context = try SQLContext(path: nil)
        try context.execute(script: """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, data BLOB);
            INSERT INTO item (id, name, price, data) VALUES (1, 'one', 1.5, x'0102'), (2, 'two', NULL, NULL);
            """)
        return context
    }

    @Test func typedReadsByIndexAndName() throws {
        let context = try makeContext()
        let statement = try context.prepare(sql: "SELECT id, name, price, data FROM item ORDER BY id")
        #expect(statement.columnCount == 4)
        #expect(statement.columnNames == ["id", "name", "price", "data"])
        #expect(statement.parameterCount == 0)
        #expect(try statement.next())
        #expect(statement.long(at: 0) == 1)
        #expect(statement.text(at: 1) == "one")
        #expect(statement.real(at: 2) == 1.5)
        #expect(statement.blob(at: 3) == Data([1, 2]))
        #expect(try statement.value(named: "NAME") == .text("one"))
        #expect(try statement.columnIndex(named: "price") == 2)
        #expect(statement.rowValues() == [.long(1), .text("one"), .real(1.5), .blob(Data([1, 2]))])
        #expect(try statement.next())
        #expect(statement.isNull(at: 2))
        #expect(statement.text(at: 2) == nil)
        #expect(statement.blob(at: 3) == nil)
        #expect(statement.real(at: 2) == 0)
        #expect(try !statement.next())
        // After the end, the statement starts over.
        #expect(try statement.next())
        #expect(statement.long(at: 0) == 1)
        try statement.close()
        #expect(statement.isClosed)
    }

    @Test func bindByIndexAndNames() throws {
        let context = try makeContext()
        let byIndex = try context.prepare(sql: "SELECT name FROM item WHERE id = ?")
        try byIndex.bind(.long(2), at: 1)
        #expect(try byIndex.next())
        #expect(byIndex.text(at: 0) == "two")
        // Binding again resets the statement.
        try byIndex.bind(.long(1), at: 1)
        #expect(try byIndex.next())
        #expect(byIndex.text(at: 0) == "one")

        let named = try context.prepare(sql: "SELECT :a + @b + $c")
        #expect(named.parameterCount == 3)
        try named.bind(1, named: "a")
        try named.bind(10, named: "@b")
        try named.bind(100, named: "c")
        #expect(try named.next())
        #expect(named.long(at: 0) == 111)
        #expect(try named.parameterIndex(named: "$c") == 3)
        let dictionary = try context.selectAll(sql: "SELECT :x || @y", parameters: ["x": "left", "@y": "right"])
        #expect(dictionary == [["leftright"]])
        // A repeated name is one parameter.
        #expect(try context.selectAll(sql: "SELECT :v * :v", parameters: ["v": 7]) == [[49]])
    }

    @Test func updateReusesTheStatement() throws {
        let context = try makeContext()
        let insert = try context.prepare(sql: "INSERT INTO item (name, price) VALUES (?, ?)")
        for number in 0..<100 {
            try insert.update(parameters: [.text("n\(number)"), .real(Double(number))])
            #expect(context.changes == 1)
        }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[102]])
        #expect(context.lastInsertRowID == 102)
        let named = try context.prepare(sql: "UPDATE item SET price = :price WHERE name = :name")
        try named.update(parameters: ["price": 9.5, "name": "n5"])
        #expect(try context.selectAll(sql: "SELECT price FROM item WHERE name = 'n5'") == [[9.5]])
    }

    @Test func updateBindsEveryKindOfValueInOneArray() throws {
        let context = try SQLContext(path: nil)
        try context.exec(sql: "CREATE TABLE mixed (a, b, c, d, e)")
        let insert = try context.prepare(sql: "INSERT INTO mixed VALUES (?, ?, ?, ?, ?)")
        let rows: [[SQLValue]] = [
            [.text("first"), .long(1), .null, .blob(Data([1, 2])), .real(1.5)],
            [.long(-2), .real(2.5), .text(""), .null, .blob(Data())],
            [.null, .blob(Data([0])), .long(.max), .text("é"), .long(3)],
        ]
        for row in rows { try insert.update(parameters: row) }
        #expect(try context.selectAll(sql: "SELECT * FROM mixed ORDER BY rowid") == rows)
        #expect(try context.selectAll(sql: "SELECT typeof(a), typeof(b), typeof(c), typeof(d), typeof(e) FROM mixed WHERE rowid = 2")
            == [["integer", "real", "text", "null", "blob"]])
    }

    @Test func scriptsRunInOrderAndCacheStaysBounded() throws {
        let context = try SQLContext(path: nil)
        // The second statement uses the table the first one creates.
        try context.execute(script: "CREATE TABLE s (v); INSERT INTO s VALUES (1); -- done\n INSERT INTO s VALUES (2);")
        #expect(try context.selectAll(sql: "SELECT sum(v) FROM s") == [[3]])
        try context.execute(script: "  -- nothing but a comment\n ; ")
        // More distinct statements than the cache holds: each still runs correctly.
        for round in 0..<2 {
            for number in 0..<200 {
                #expect(try context.selectAll(sql: "SELECT \(number) + ?", parameters: [.long(Int64(round))]) == [[.long(Int64(number + round))]])
            }
        }
        #expect(context.totalChanges == 2)
    }

    @Test func closingTheContextClosesItsStatements() throws {
        let context = try makeContext()
        let statement = try context.prepare(sql: "SELECT id FROM item")
        #expect(try statement.next())
        try context.close()
        #expect(statement.isClosed)
        let error = try #require(throws: SQLError.self) { try statement.next() }
        #expect(error.code == .misuse)
        // Reads of a closed statement give SQLite's empty answers and touch no freed memory.
        #expect(statement.long(at: 0) == 0 && statement.value(at: 0) == .null && statement.rowValues().isEmpty)
        #expect(throws: SQLError.self) { try statement.bind(.long(1), at: 1) }
    }
}
