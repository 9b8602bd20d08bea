import Foundation
import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// An employee and their manager, in one table: a key the database assigns (`id` nil until
/// inserted, no AUTOINCREMENT), a column left out when unknown so its default applies.
/// `lower(…)` of any representable: an `SQLRepresentable` of the app's own, written the way
/// SkipSQL's protocol asks, by appending its SQL and bindings.
struct Lowercased: SQLRepresentable {
    let inner: any SQLRepresentable

    init(_ inner: any SQLRepresentable) {
        self.inner = inner
    }

    func apply(to expression: inout SQLExpression) {
        expression.append("lower(")
        inner.apply(to: &expression)
        expression.append(")")
    }
}

struct Employee: SQLCodable, Equatable {
    var id: Int64?
    var name: String
    var managerID: Int64?
    var level: Int64?

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
    static let name = SQLColumn(name: "name", type: .text, unique: true, nullable: false, index: SQLIndex(name: "employee_name"))
    static let managerID = SQLColumn(name: "manager_id", type: .long)
    static let level = SQLColumn(name: "level", type: .long, defaultValue: 1)
    static let table = SQLTable(name: "employee", columns: [id, name, managerID, level])

    init(id: Int64? = nil, name: String, managerID: Int64? = nil, level: Int64? = nil) {
        (self.id, self.name, self.managerID, self.level) = (id, name, managerID, level)
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = Self.id.longValue(in: row)
        name = try Self.name.textValueRequired(in: row)
        managerID = Self.managerID.longValue(in: row)
        level = Self.level.longValue(in: row)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.name] = SQLValue(name)
        row[Self.managerID] = SQLValue(managerID)
        if let level { row[Self.level] = SQLValue(level) }
    }
}

/// A row without a primary key.
struct LogLine: SQLCodable, Equatable {
    var text: String
    static let text = SQLColumn(name: "text", type: .text)
    static let table = SQLTable(name: "log_line", columns: [text])
    init(text: String) { self.text = text }
    init(row: SQLRow, context: SQLContext) throws { text = try Self.text.textValueRequired(in: row) }
    func encode(row: inout SQLRow) throws { row[Self.text] = SQLValue(text) }
}

/// SkipSQL's record API on PortableSQLCodable, and the two bugs its suite found.
@Suite struct SkipSQLRecordTests {
    func makeContext() throws -> SQLContext {
        let context = try SQLContext(path: nil)
        for statement in Employee.table.createTableSQL() { try context.exec(statement) }
        return context
    }

    /// Statements as written, collected through `trace`.
    final class StatementLog {
        var statements: [String] = []
    }

    @Test func schemaAsExpressions() throws {
        let create = Employee.table.createTableSQL()
        #expect(create.map(\.sql) == [
            #"CREATE TABLE "employee" ("id" INTEGER PRIMARY KEY, "name" TEXT UNIQUE NOT NULL, "manager_id" INTEGER, "level" INTEGER DEFAULT 1)"#,
            #"CREATE INDEX "employee_name" ON "employee"("name")"#,
        ])
        #expect(Employee.table.createTableSQL(ifNotExists: true, withIndexes: false).map(\.sql) == [
            #"CREATE TABLE IF NOT EXISTS "employee" ("id" INTEGER PRIMARY KEY, "name" TEXT UNIQUE NOT NULL, "manager_id" INTEGER, "level" INTEGER DEFAULT 1)"#,
        ])
        #expect(Employee.table.createIndexSQL(ifNotExists: true).map(\.sql) == [#"CREATE INDEX IF NOT EXISTS "employee_name" ON "employee"("name")"#])
        #expect(Employee.table.dropTableSQL().sql == #"DROP TABLE "employee""#)
        #expect(Employee.table.dropTableSQL(ifExists: true).sql == #"DROP TABLE IF EXISTS "employee""#)

        let context = try makeContext()
        #expect(try context.tableExists("employee"))
        #expect(try context.tables(types: ["index"]).map(\.name).contains("employee_name"))
        let again = try #require(throws: SQLError.self) { try context.exec(create[0]) }
        #expect(again.message.contains("already exists"))
        for statement in Employee.table.createTableSQL(ifNotExists: true) { try context.exec(statement) }
        try context.exec(Employee.table.dropTableSQL())
        #expect(try !context.tableExists("employee"))
        #expect(throws: SQLError.self) { try context.exec(Employee.table.dropTableSQL()) }
        try context.exec(Employee.table.dropTableSQL(ifExists: true))
    }

    @Test func addColumnToATableByValue() throws {
        let context = try makeContext()
        let email = SQLColumn(name: "email", type: .text, index: SQLIndex(name: "employee_email"))
        #expect(try context.addColumnIfNotExists(email, to: Employee.table))
        #expect(try !context.addColumnIfNotExists(SQLColumn(name: "EMAIL", type: .text), to: Employee.table))
        #expect(try context.columns(for: "employee").map(\.name) == ["id", "name", "manager_id", "level", "email"])
        #expect(try context.tables(types: ["index"]).map(\.name).contains("employee_email"))
        // SQLite refuses a NOT NULL column without a default once the table has rows.
        try context.insert(Employee(name: "Ada"))
        let bad = SQLColumn(name: "code", type: .text, nullable: false)
        #expect(throws: SQLError.self) { try context.addColumnIfNotExists(bad, to: Employee.table) }
        #expect(try context.columns(for: "employee").count == 5)
    }

    @Test func aDatabaseAssignedIntegerKeyComesBack() throws {
        let context = try makeContext()
        let ada = try context.insert(Employee(name: "Ada"))
        #expect(ada == Employee(id: 1, name: "Ada", level: 1))
        var promoted = ada
        promoted.level = 3
        try context.update(promoted)
        #expect(try context.fetch(Employee.self, id: 1) == promoted)
        #expect(try context.fetch(Employee.self, primaryKeys: [1]) == promoted)

        let chosen = try context.insert(Employee(id: 10, name: "Grace", managerID: 1, level: 2))
        #expect(chosen.id == 10)
        #expect(try context.insert(Employee(name: "Linus")).id == 11)
        // A failed insert assigns nothing and changes nothing.
        #expect(throws: SQLError.self) { try context.insert(Employee(name: "Ada")) }
        #expect(try context.count(Employee.self) == 3)
    }

    @Test func recordAliases() throws {
        let context = try makeContext()
        var ada = Employee(name: "Ada")
        #expect(try ada.isNewInstance == true)
        try context.inserted(&ada)
        #expect(ada.id == 1 && ada.level == 1)
        #expect(try ada.isNewInstance == false)
        #expect(try ada.primaryKeyValues == [.long(1)])
        #expect(try ada.encodedRow() == [Employee.id: 1, Employee.name: "Ada", Employee.managerID: .null, Employee.level: 1])
        #expect(try LogLine(text: "x").isNewInstance == nil)

        try context.execute(script: "CREATE TRIGGER shout AFTER INSERT ON employee BEGIN UPDATE employee SET name = upper(name) WHERE id = new.id; END")
        var grace = Employee(name: "Grace", managerID: 1)
        try context.inserted(&grace, refresh: true)
        #expect(grace == Employee(id: 2, name: "GRACE", managerID: 1, level: 1))
        try context.exec(sql: "DROP TRIGGER shout")

        // As in SkipSQL, a record whose key no row has is left as it was.
        var gone = Employee(id: 99, name: "Nobody")
        try context.refresh(&gone)
        #expect(gone == Employee(id: 99, name: "Nobody"))

        #expect(try context.insert(Employee(id: 2, name: "Grace Hopper", level: 5), upsert: true).name == "Grace Hopper")
        #expect(try context.fetch(Employee.self, id: 2)?.level == 5)
        #expect(throws: SQLError.self) { try context.insert(Employee(id: 2, name: "Again"), upsert: false) }

        try context.insertAll((3...8).map { Employee(name: "E\($0)", level: Int64($0)) })
        #expect(try context.fetchAll(Employee.self, orderBy: Employee.id, limit: 2, offset: 3).map(\.id) == [4, 5])
        #expect(try context.fetchAll(Employee.self, orderBy: Employee.id, offset: 6).map(\.id) == [7, 8])
        #expect(try context.sum(column: Employee.level, of: Employee.self) == .long(1 + 5 + 3 + 4 + 5 + 6 + 7 + 8))
        #expect(try context.avg(column: Employee.level, of: Employee.self, where: Employee.id.lessThan(3)) == .real(3))
        #expect(try context.min(column: Employee.level, of: Employee.self) == .long(1))
        #expect(try context.max(column: Employee.name, of: Employee.self) == .text("Grace Hopper"))

        let cursor = try context.cursor(SQLExpression("SELECT id, name FROM employee WHERE level > ? ORDER BY id", [.long(6)]))
        #expect(try cursor.load() == [[7, "E7"], [8, "E8"]])

        let removed = try context.fetchAll(Employee.self, where: Employee.level.greaterThan(6))
        try context.delete(instances: removed)
        #expect(context.changes == 2)
        #expect(try context.count(Employee.self) == 6)
        #expect(throws: SQLError.self) { try context.delete(instances: [LogLine(text: "no key")]) }
        try context.deleteAll(Employee.self)
        #expect(context.changes == 6)
        #expect(try context.count(Employee.self) == 0)
    }

    @Test func predicatesInSkipSQLsVocabularyStayBound() throws {
        let context = try makeContext()
        try context.insertAll([
            Employee(id: 1, name: "Ada", level: 3), Employee(id: 2, name: "Grace", managerID: 1, level: 2),
            Employee(id: 3, name: "Linus", managerID: 1, level: 3), Employee(id: 4, name: "Margaret", managerID: 2),
        ])
        func names(_ predicate: SQLPredicate?) throws -> [String] {
            try context.query(Employee.self).where(predicate).orderBy(Employee.id).eval().load().map(\.name)
        }
        let cases: [(SQLPredicate, [String], String)] = [
            (.equals(Employee.name, SQLValue("Ada")), ["Ada"], #""name" = ?"#),
            (.notEquals(Employee.managerID, SQLValue.null), ["Grace", "Linus", "Margaret"], #""manager_id" IS NOT NULL"#),
            (.equals(Employee.level, Employee.id), ["Grace", "Linus"], #""level" = "id""#),
            (.lessThan(SQLValue(2), Employee.level), ["Ada", "Linus"], #"? < "level""#),
            (.greaterThan(Employee.level, Employee.managerID), ["Grace", "Linus"], #""level" > "manager_id""#),
            (.in(Employee.id, [SQLValue(1), SQLValue(4), SQLValue(9)]), ["Ada", "Margaret"], #""id" IN (?, ?, ?)"#),
            (.in(SQLValue(3), [Employee.level, Employee.id]), ["Ada", "Linus"], #"? IN ("level", "id")"#),
            (.and([.isNotNull(Employee.managerID), .equals(Employee.level, SQLValue(3))]), ["Linus"], #"("manager_id" IS NOT NULL AND "level" = ?)"#),
            (.or([.isNull(Employee.managerID), .equals(Employee.id, SQLValue(4))]), ["Ada", "Margaret"], #"("manager_id" IS NULL OR "id" = ?)"#),
            (.not(.like(Employee.name, SQLValue("%a%"))), ["Linus"], #"NOT ("name" LIKE ?)"#),
            (Employee.name.notLike("%a%"), ["Linus"], #""name" NOT LIKE ?"#),
            (.notLike(Employee.name, SQLValue("G%")), ["Ada", "Linus", "Margaret"], #""name" NOT LIKE ?"#),
            (.between(Employee.level, min: SQLValue(2), max: Employee.id), ["Grace", "Linus"], #"("level" >= ? AND "level" <= "id")"#),
            (.equals(Employee.name.alias("employee"), SQLValue("Grace")), ["Grace"], #"employee."name" = ?"#),
            (.isNull(Employee.managerID.alias("employee")), ["Ada"], #"employee."manager_id" IS NULL"#),
            (.and([]), ["Ada", "Grace", "Linus", "Margaret"], "1"),
            (.in(Employee.id, []), [], #""id" IN ()"#),
            // A representable of the app's own, which only writes itself (SkipSQL's one requirement).
            (.equals(Lowercased(Employee.name), SQLValue("grace")), ["Grace"], #"lower("name") = ?"#),
            (.in(Lowercased(Employee.name), [SQLValue("ada"), Lowercased(SQLValue("LINUS"))]), ["Ada", "Linus"], #"lower("name") IN (?, lower(?))"#),
        ]
        for (predicate, expected, sql) in cases {
            let rendered = predicate.rendered()
            #expect(rendered.sql == sql)
            #expect(!rendered.sql.contains("'") && !rendered.sql.contains("Ada") && !rendered.sql.contains("%"))
            #expect(try names(predicate) == expected, "\(rendered.sql)")
        }
        #expect(try names(nil).count == 4)
        #expect(SQLPredicate.equals(Employee.name, SQLValue("Ada")) == Employee.name.equals("Ada"))
        #expect(Employee.level.equals(Employee.id) == .equals(Employee.level, Employee.id))
        #expect(Employee.level.equals(Employee.id).rendered().sql == #""level" = "id""#)
        #expect(Employee.level.equals(Employee.id) != Employee.level.equals(Employee.name))
    }

    @Test func tablesJoinedToThemselvesAndByPredicates() throws {
        let context = try makeContext()
        try context.insertAll([
            Employee(id: 1, name: "Ada"), Employee(id: 2, name: "Grace", managerID: 1), Employee(id: 3, name: "Linus", managerID: 2),
        ])
        let pairs = try context.query(Employee.self, alias: "e")
            .join(Employee.self, alias: "boss", kind: .left, on: Employee.managerID.alias("e").equals(Employee.id.alias("boss")))
            .orderBy(Employee.id.alias("e"))
            .eval().load()
        #expect(pairs.map { [$0.0?.name, $0.1?.name] } == [["Ada", nil], ["Grace", "Ada"], ["Linus", "Grace"]])

        // A condition may bind values too, and the WHERE clause's values follow the join's.
        let query = context.query(Employee.self, alias: "e")
            .join(Employee.self, alias: "boss", on: SQLPredicate.and([Employee.managerID.alias("e").equals(Employee.id.alias("boss")), .greaterThan(Employee.id.alias("boss"), SQLValue(1))]))
            .where(.notEquals(Employee.name.alias("e"), SQLValue("Ada")))
        #expect(query.expression.bindings == [1, "Ada"])
        #expect(try query.eval().load().map { [$0.0?.name, $0.1?.name] } == [["Linus", "Grace"]])

        // Without an alias the tables are named by their quoted names, as in SkipSQL.
        let books = try SQLContext(path: nil)
        try books.createTableIfNotExists(Author.self)
        try books.createTableIfNotExists(Book.self)
        let author = try books.insert(Author(name: "Le Guin"))
        try books.insert(Book(authorID: author.id, title: "The Dispossessed"))
        // (Both tables have an "id" here, so SQLite finds the unqualified SELECT list ambiguous.)
        let joined = books.query(Author.self).join(Book.self, kind: .inner, on: Book.authorID)
        #expect(joined.expression.sql.contains(#"FROM "author" INNER JOIN "book" ON "author"."id" = "book"."author_id""#))
        #expect(throws: SQLError.self) { try joined.eval() }
        let aliased = books.query(Author.self, alias: "a").join(Book.self, alias: "b", kind: .inner, on: Book.authorID)
        #expect(try aliased.eval().load().map { $0.1?.title } == ["The Dispossessed"])
        let typed: SQLJoinType = .cross
        #expect(try books.query(Author.self, alias: "a").join(Book.self, alias: "b", kind: typed, on: nil).eval().load().count == 1)
    }

    /// SkipSQL's `min(column:of:)` and `max(column:of:)` hide the standard library's `min` and
    /// `max` inside an extension of `SQLContext`; `Swift.min` and `Swift.max` reach them there.
    @Test func contextExtensionsReachSwiftMinAndMax() throws {
        let context = try makeContext()
        #expect(context.clamped(12, to: 1...10) == 10)
        #expect(context.clamped(-3, to: 1...10) == 1)
        try context.insertAll([Employee(name: "A", level: 2), Employee(name: "B", level: 7)])
        #expect(try context.min(column: Employee.level, of: Employee.self) == .long(2))
        #expect(try context.max(column: Employee.level, of: Employee.self) == .long(7))
    }
}

extension SQLContext {
    /// `value` brought into `range`, with the standard library's `min` and `max`, which
    /// `SQLContext.min(column:of:)` and `max(column:of:)` hide in an extension of the context.
    fileprivate func clamped(_ value: Int, to range: ClosedRange<Int>) -> Int {
        Swift.max(range.lowerBound, Swift.min(value, range.upperBound))
    }
}
