import Foundation
import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// The SQLCodable samples of the specification at work.
@Suite struct SpecCodableSampleTests {
    @Test func demoTableAndPredicateQuery() throws {
        let sqlite = try SQLContext(path: nil)
        try sqlite.createTableIfNotExists(DemoTable.self)
        let inserted = try sqlite.insert(DemoTable(txt: "ABC", num: 1.5, int: 1, blb: Data([1, 2])))
        #expect(inserted.id == 1)
        try sqlite.insert(DemoTable(txt: "DEF", int: 2))
        try sqlite.insert(DemoTable(txt: "GHI", num: 7, int: 3, dbl: 2.5))
        var logged: [DemoTable] = []

        // SELECT "ID", "TXT", "NUM", "INT", "DBL", "BLB" FROM "DEMO_TABLE" WHERE ("NUM" IS NULL OR "TXT" = ?)
        let predicate = DemoTable.num.isNull().or(DemoTable.txt.equals(SQLValue("ABC")))

        let resultSet = try sqlite.query(DemoTable.self).where(predicate).eval()
        defer { resultSet.close() }

        let cursor = resultSet.makeIterator()
        while let row = cursor.next() {
            let instance = try row.get()  // instantiate the type from the row
            logged.append(instance)
        }

        #expect(logged.map(\.txt) == ["ABC", "DEF"])
        #expect(logged[0] == inserted)
        // As in SkipSQL, a nil property is left out of the INSERT, so the DBL column's DEFAULT applies.
        #expect(logged[1].dbl == Double.pi)
        let query = sqlite.query(DemoTable.self).where(predicate).expression
        #expect(query.sql == #"SELECT "ID", "TXT", "NUM", "INT", "DBL", "BLB" FROM "DEMO_TABLE" WHERE ("NUM" IS NULL OR "TXT" = ?)"#)
        #expect(query.bindings == [.text("ABC")])
    }

    @Test func uuidPrimaryKey() throws {
        let sqlite = try SQLContext(path: nil)
        try sqlite.createTableIfNotExists(UUIDHolder.self)
        let holder = UUIDHolder()
        try sqlite.insert(holder)
        #expect(try sqlite.fetch(UUIDHolder.self, id: SQLValue(holder.id.uuidString))?.id == holder.id)
        try sqlite.exec(sql: "INSERT INTO UUID_HOLDER (ID) VALUES ('not-a-uuid')")
        let error = try #require(throws: SQLBindingError.self) { try sqlite.fetchAll(UUIDHolder.self) }
        guard case .nullColumn(let column) = error else { Issue.record("not nullColumn: \(error)"); return }
        #expect(column == UUIDHolder.id)
    }

    @Test func datesAsRealAndText() throws {
        let sqlite = try SQLContext(path: nil)
        try sqlite.createTableIfNotExists(SQLDateAsReal.self)
        try sqlite.createTableIfNotExists(SQLDateAsText.self)
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let real = try sqlite.insert(SQLDateAsReal(date: date))
        let text = try sqlite.insert(SQLDateAsText(date: date))
        #expect(real.rowid == 1)
        #expect(text.rowid == 1)
        #expect(try sqlite.fetch(SQLDateAsReal.self, id: 1)?.date == date)
        // ISO-8601 text keeps whole seconds.
        #expect(try sqlite.fetch(SQLDateAsText.self, id: 1)?.date == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try sqlite.selectAll(sql: "SELECT DATE FROM SQL_DATE_AS_TEXT") == [["2023-11-14T22:13:20Z"]])
        // Dates written by SQL read back as SkipSQL reads them: SQLite's own format as UTC, a
        // fraction dropped; a number in the TEXT column is no date.
        try sqlite.exec(sql: "INSERT INTO SQL_DATE_AS_TEXT (DATE) VALUES ('2023-11-14 22:13:20'), ('2023-11-14T22:13:20.500Z'), ('2023-11-14 22:13:20.75')")
        let dates = try sqlite.fetchAll(SQLDateAsText.self, orderBy: SQLDateAsText.rowid).map(\.date.timeIntervalSince1970)
        #expect(dates == [1_700_000_000, 1_700_000_000, 1_700_000_000, 1_700_000_000])
        try sqlite.exec(sql: "INSERT INTO SQL_DATE_AS_TEXT (DATE) VALUES (1700000000)")
        let error = try #require(throws: SQLBindingError.self) { try sqlite.fetchAll(SQLDateAsText.self) }
        guard case .nullColumn(let column) = error else { Issue.record("not nullColumn: \(error)"); return }
        #expect(column == SQLDateAsText.date)
    }

    @Test func parentChildJoin() throws {
        let sqlite = try SQLContext(path: nil)
        try sqlite.createTableIfNotExists(DemoParent.self)
        try sqlite.createTableIfNotExists(DemoChild.self)
        let first = try sqlite.insert(DemoParent(parentInfo: "first"))
        let second = try sqlite.insert(DemoParent(parentInfo: "second"))
        try sqlite.insert(DemoParent(parentInfo: "childless"))
        try sqlite.insert(DemoChild(parentID: first.id, childInfo: "1a"))
        try sqlite.insert(DemoChild(parentID: first.id, childInfo: "1b"))
        try sqlite.insert(DemoChild(parentID: second.id, childInfo: "2a"))

        // perform a join between all the parents and children
        let joined2: [(DemoParent?, DemoChild?)] = try sqlite.query(DemoParent.self, alias: "t0")
            .join(DemoChild.self, "t1", kind: .inner, on: DemoChild.parentID)
            .eval()
            .load()

        #expect(joined2.count == 3)
        #expect(joined2.map { "\($0.0?.parentInfo ?? "-")/\($0.1?.childInfo ?? "-")" }.sorted() == ["first/1a", "first/1b", "second/2a"])

        // Deleting a parent cascades to its children, once foreign keys are on.
        sqlite.foreignKeysEnabled = true
        try sqlite.delete(first)
        #expect(try sqlite.count(DemoChild.self) == 1)
    }
}
