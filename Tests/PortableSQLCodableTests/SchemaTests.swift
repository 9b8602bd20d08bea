import Foundation
import PortableSQLCodable
import PortableSQLTestSupport
import Testing

@Suite struct SchemaTests {
    @Test func createTableDeclaresEverything() throws {
        let context = try SQLContext(path: nil)
        #expect(try !context.tableExists(Book.self))
        try context.createTableIfNotExists(Author.self)
        try context.createTableIfNotExists(Book.self)
        try context.createTableIfNotExists(Book.self)
        #expect(try context.tableExists(Book.self))
        let sql = try context.selectAll(sql: "SELECT sql FROM sqlite_master WHERE name = 'book'")[0][0].textValue ?? ""
        #expect(sql == #"CREATE TABLE "book" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "author_id" INTEGER NOT NULL, "title" TEXT NOT NULL, "price" REAL DEFAULT 9.99, FOREIGN KEY ("author_id") REFERENCES "author"("id") ON DELETE CASCADE ON UPDATE CASCADE)"#)
        let indexes = try context.selectAll(sql: "SELECT name, \"unique\" FROM pragma_index_list('book') WHERE origin = 'c' ORDER BY name")
        #expect(indexes == [["book_author", 0], ["book_author_title", 1]])
        let foreignKeys = try context.selectAll(sql: "SELECT \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list('book')")
        #expect(foreignKeys == [["author", "author_id", "id", "CASCADE"]])
    }

    @Test func specDemoTableSchema() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(DemoTable.self)
        let sql = try context.selectAll(sql: "SELECT sql FROM sqlite_master WHERE name = 'DEMO_TABLE'")[0][0].textValue ?? ""
        #expect(sql.contains(#""TXT" TEXT UNIQUE NOT NULL"#))
        #expect(sql.contains(#""DBL" REAL DEFAULT 3.141592653589793"#))
        let indexes = try context.selectAll(sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'DEMO_TABLE' AND sql IS NOT NULL ORDER BY name")
        #expect(indexes == [["IDX_DBL"], ["IDX_TXT"]])
        // The default applies when the column is left out.
        try context.exec(sql: "INSERT INTO DEMO_TABLE (TXT, INT) VALUES ('x', 1)")
        #expect(try context.fetch(DemoTable.self, id: 1)?.dbl == Double.pi)
    }

    @Test func compositePrimaryKey() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Membership.self)
        let sql = try context.selectAll(sql: "SELECT sql FROM sqlite_master WHERE name = 'membership'")[0][0].textValue ?? ""
        #expect(sql.hasSuffix(#"PRIMARY KEY ("group", "member"))"#))
        try context.insert(Membership(group: "admins", member: "ada", role: "owner"))
        try context.insert(Membership(group: "admins", member: "bob", role: "member"))
        #expect(try context.fetch(Membership.self, id: "admins", "bob")?.role == "member")
        #expect(try context.fetch(Membership.self, id: "admins", "eve") == nil)
        #expect(throws: SQLError.self) { try context.fetch(Membership.self, id: "admins") }
        let duplicate = try #require(throws: SQLError.self) { try context.insert(Membership(group: "admins", member: "ada", role: "x")) }
        #expect(duplicate.extendedCode == .constraintPrimaryKey)
    }

    @Test func addColumnAndDrop() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Author.self)
        let country = SQLColumn(name: "country", type: .text, defaultValue: "unknown", index: SQLIndex(name: "author_country"))
        #expect(try context.addColumnIfNotExists(country, to: Author.self))
        #expect(try !context.addColumnIfNotExists(country, to: Author.self))
        try context.insert(Author(name: "Ada"))
        #expect(try context.selectAll(sql: "SELECT country FROM author") == [["unknown"]])
        #expect(try context.selectAll(sql: "SELECT count(*) FROM sqlite_master WHERE name = 'author_country'") == [[1]])
        let notNull = SQLColumn(name: "required", type: .text, nullable: false)
        #expect(throws: SQLError.self) { try context.addColumnIfNotExists(notNull, to: Author.self) }
        try context.dropTableIfExists(Author.self)
        #expect(try !context.tableExists(Author.self))
        try context.dropTableIfExists(Author.self)
    }

    @Test func invalidDeclarationsAreRefused() throws {
        struct Bad: SQLCodable {
            static let key = SQLColumn(name: "key", type: .text, primaryKey: true, autoincrement: true)
            static let table = SQLTable(name: "bad", columns: [key])
            init(row: SQLRow, context: SQLContext) throws {}
            func encode(row: inout SQLRow) throws {}
        }
        struct Twice: SQLCodable {
            static let table = SQLTable(name: "twice", columns: [SQLColumn(name: "a", type: .long), SQLColumn(name: "A", type: .text)])
            init(row: SQLRow, context: SQLContext) throws {}
            func encode(row: inout SQLRow) throws {}
        }
        let context = try SQLContext(path: nil)
        let error = try #require(throws: SQLError.self) { try context.createTableIfNotExists(Bad.self) }
        #expect(error.code == .misuse)
        #expect(error.message.contains("AUTOINCREMENT"))
        #expect(throws: SQLError.self) { try context.createTableIfNotExists(Twice.self) }
        #expect(try !context.tableExists(Bad.self))
    }

    @Test func identifiersAreQuoted() throws {
        struct Odd: SQLCodable, Equatable {
            var value: String
            static let value = SQLColumn(name: "select \"quoted\"", type: .text, primaryKey: true)
            static let table = SQLTable(name: "order by; drop", columns: [value])
            init(value: String) { self.value = value }
            init(row: SQLRow, context: SQLContext) throws { value = try Self.value.textValueRequired(in: row) }
            func encode(row: inout SQLRow) throws { row[Self.value] = SQLValue(value) }
        }
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Odd.self)
        try context.insert(Odd(value: "v"))
        #expect(try context.fetchAll(Odd.self, where: Odd.value.equals("v")) == [Odd(value: "v")])
    }
}

/// A table wider than the bit mask of record statements: inserts are cached by their SQL text.
@Suite struct WideTableTests {
    struct Wide: SQLCodable {
        static let columns = (0..<80).map { SQLColumn(name: "c\($0)", type: .long) }
        static let table = SQLTable(name: "wide", columns: columns)
        var values: [Int64?]
        init(values: [Int64?]) { self.values = values }
        init(row: SQLRow, context: SQLContext) throws { values = Self.columns.map { $0.longValue(in: row) } }
        func encode(row: inout SQLRow) throws {
            for (column, value) in zip(Self.columns, values) where value != nil { row[column] = SQLValue(value) }
        }
    }

    @Test func insertsAndReadsBack() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Wide.self)
        let full = (0..<80).map { Int64($0) as Int64? }
        let sparse = (0..<80).map { $0 % 3 == 0 ? Int64($0) : nil }
        for _ in 0..<3 {
            try context.insert(Wide(values: full))
            try context.insert(Wide(values: sparse))
        }
        let rows = try context.fetchAll(Wide.self)
        #expect(rows.count == 6)
        #expect(rows.filter { $0.values == full }.count == 3)
        #expect(rows.filter { $0.values == sparse }.count == 3)
    }
}
