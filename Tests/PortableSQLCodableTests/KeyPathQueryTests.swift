import Foundation
import PortableSQLCodable
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Key-path conditions and ordering, SQL interpolation, and the fuller query builder (select,
/// group by, having, distinct, count, exists, subqueries), on each engine.
@Suite struct KeyPathQueryTests {
    static let people = [
        Person(name: "Ada", city: "London", age: 36, nickname: "Countess", priority: .high),
        Person(name: "Alan", city: "London", age: 41),
        Person(name: "Grace", city: "Arlington", age: 85, nickname: "Amazing Grace"),
        Person(name: "Linus", city: "Portland", age: 28, priority: .low),
        Person(name: "Barbara", city: "Portland", age: 44),
    ]

    func makeContext(_ engine: TestEngine, _ directory: TemporaryDirectory) throws -> SQLContext {
        let context = try engine.openScratch(in: directory)
        try context.insertAll(Self.people)
        try context.insertAll([Pet(ownerID: 1, kind: "cat"), Pet(ownerID: 4, kind: "penguin"), Pet(ownerID: 4, kind: "dog")])
        return context
    }

    @Test(arguments: TestEngine.both)
    func conditionsAndOrderingByKeyPath(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(engine, directory)
        let query = context.query(Person.self)
        #expect(try query.where(\.age > 40).orderBy(\.name).fetchAll().map(\.name) == ["Alan", "Barbara", "Grace"])
        #expect(try query.where(\.city == "London" && \.age < 40).fetchAll().map(\.name) == ["Ada"])
        #expect(try query.where(\.city == "London" || \.age >= 85).orderBy(\.age, order: .descending).fetchAll().map(\.name) == ["Grace", "Alan", "Ada"])
        #expect(try query.where(!(\.city == "Portland")).count() == 3)
        #expect(try query.where(\.nickname == nil).orderBy(\.name).fetchAll().map(\.name) == ["Alan", "Barbara", "Linus"])
        #expect(try query.where(\.nickname != nil).count() == 2)
        #expect(try query.where(\.nickname == "Countess").fetchOne()?.name == "Ada")
        #expect(try query.where(\.age != 36 && \.age <= 41).orderBy(\.age, order: .descending).fetchAll().map(\.name) == ["Alan", "Linus"])
        #expect(try query.where(.like(\.name, "a%")).orderBy(\.name).fetchAll().map(\.name) == ["Ada", "Alan"])
        #expect(try query.where(.like(\.nickname, "%Grace")).fetchAll().map(\.name) == ["Grace"])
        #expect(try query.where(.in(\.city, ["Arlington", "Portland"])).count() == 3)
        #expect(try query.where(.in(\.city, [])).count() == 0)
        #expect(try query.where(.between(\.age, 36, 44)).orderBy(\.age).fetchAll().map(\.age) == [36, 41, 44])
        #expect(try query.where(\.priority == .high).fetchAll().map(\.name) == ["Ada"])
        #expect(try query.where(\.priority != .normal).orderBy(\.priority).orderBy(\.name).fetchAll().map(\.name) == ["Ada", "Linus"])
        #expect(try query.where(\.age > 100).exists() == false)
        #expect(try query.where(\.age > 80).exists())
        // The untyped predicates keep working beside the typed ones.
        #expect(try query.where(SQLPredicate.like(SQLColumn(name: "name", type: .text), SQLValue("G%"))).where(\.age > 50).count() == 1)
        #expect(query.where(\.age > 18 && \.name == "x").orderBy(\.name).expression.sql == #"SELECT "id", "name", "city", "age", "nickname", "priority" FROM "Person" WHERE ("age" > ? AND "name" = ?) ORDER BY "name" ASC"#)
    }

    @Test func aKeyPathThatReadsNoColumnThrowsWhenTheQueryRuns() throws {
        let context = SQLContext()
        try context.insert(Person(name: "Ada", city: "London", age: 36))
        let query = context.query(Person.self).where(\.name.count > 2)
        #expect {
            try query.fetchAll()
        } throws: { error in
            (error as? SQLError)?.resultCode == .misuse && (error as? SQLError)?.message.contains("Person has no column for the key path") == true
        }
        #expect(throws: SQLError.self) { try context.selectAll("SELECT \(\Person.name.count) FROM \(Person.self)") }
    }

    @Test(arguments: TestEngine.both)
    func selectGroupByHavingDistinctAndSubqueries(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(engine, directory)
        let people = context.query(Person.self)
        let perCity = try people.select(.column(\.city), .count()).groupBy(\.city).having(.count() > 1).orderBy(\.city).fetchAll()
        #expect(perCity.map(\.0) == ["London", "Portland"] && perCity.map(\.1) == [2, 2])
        let cities: [String] = try people.select(\.city).distinct().orderBy(\.city, order: .descending).fetchAll()
        #expect(cities == ["Portland", "London", "Arlington"])
        // Ordered by an aggregate, then by a column: each `orderBy` after the ones before.
        let busiest = try people.select(.column(\.city), .count()).groupBy(\.city).orderBy(.count(), order: .descending).orderBy(\.city).fetchAll()
        #expect(busiest.map(\.0) == ["London", "Portland", "Arlington"], "\(busiest)")
        let stats = try people.where(\.city == "London").select(.sum(\.age), .average(\.age), .min(\.name), .max(\.age)).fetchOne()
        #expect(stats?.0 == 77 && stats?.1 == 38.5 && stats?.2 == "Ada" && stats?.3 == 41)
        let none = try people.where(\.age > 100).select(.sum(\.age), .max(\.name), .count()).fetchOne()
        #expect(none?.0 == nil && none?.1 == nil && none?.2 == 0)
        let doubled = SQLTerm<Person, Int>.expression("\(\.age) * 2")
        let untyped = try people.select(.column(\.name), doubled).where(\.name == "Ada").fetchValues()
        #expect(untyped == [[.text("Ada"), .long(72)]])
        let inTenYears: SQLTerm<Person, Int> = .expression("\(\.age) + \(10)")
        let older = try people.select(inTenYears).orderBy(\.age).limit(2, offset: 1).fetchAll()
        #expect(older == [46, 51])
        let distinctCities = try people.select(.countDistinct(\.city)).fetchOne()
        #expect(distinctCities == 3)
        // A subquery in `in`, its values bound.
        let owners = context.query(Pet.self).where(\.kind != "cat").select(\.ownerID)
        #expect(try people.where(.in(\.id, owners)).fetchAll().map(\.name) == ["Linus"])
        #expect(try people.where(!.in(\.id, owners) && \.age < 40).fetchAll().map(\.name) == ["Ada"])
        // A value of the wrong type for its term names the column.
        #expect {
            _ = try people.select(SQLTerm<Person, Int>.expression("\(\.name)")).fetchAll()
        } throws: { error in
            (error as? SQLDecodingError)?.value == .text("Ada")
        }
    }

    @Test(arguments: TestEngine.both)
    func sqlInterpolationBindsValuesAndQuotesNames(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(engine, directory)
        let city = "London"
        let rows = try context.selectAll("SELECT \(\Person.name) FROM \(Person.self) WHERE \(\Person.city) = \(city) AND \(\Person.age) > \(30) ORDER BY \(\Person.name)")
        #expect(rows == [[.text("Ada")], [.text("Alan")]])
        let sql: SQL = "SELECT \(\Person.name) FROM \(Person.self) WHERE \(\Person.city) = \(city)"
        #expect(sql.expression == SQLExpression(#"SELECT "name" FROM "Person" WHERE "city" = ?"#, [.text("London")]))
        let ids = [1, 3]
        #expect(try context.selectAll("SELECT count(*) FROM \(Person.self) WHERE \(\Person.id) IN (\(ids))") == [[.long(2)]])
        let nickname: String? = nil
        #expect(try context.selectAll("SELECT \(nickname) IS NULL, \(identifier: "weird \"name\"") FROM (SELECT 1 AS \(identifier: "weird \"name\""))") == [[.long(1), .long(1)]])
        let comparison = ">"
        #expect(try context.query(Person.self).where("\(\.age) \(raw: comparison) \(80)").fetchAll().map(\.name) == ["Grace"])
        #expect(try context.query(Person.self).where("\(\.age) % 2 = 0" && \.city == "London").fetchAll().map(\.name) == ["Ada"])
        try context.exec("UPDATE \(Person.self) SET \(\Person.age) = \(\Person.age) + \(1) WHERE \(\Person.name) = \("Ada")")
        #expect(try context.query(Person.self).where(\.name == "Ada").fetchOne()?.age == 37)
        let statement = try context.prepare("SELECT \(\Person.city) FROM \(Person.self) WHERE \(\Person.name) = \("Linus")")
        defer { try? statement.close() }
        #expect(try statement.next() && statement.text(at: 0) == "Portland")
    }

    /// Generated hostile strings (quotes, comments, `;`, NUL, keywords) as interpolated values
    /// and identifiers: each is stored and found as it is, and the database is never changed
    /// otherwise.
    @Test(arguments: TestEngine.both)
    func interpolationResistsInjection(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(engine, directory)
        let pieces = ["'", "\"", "`", ";", "--", "/*", "*/", "\0", "DROP TABLE Person", ")", "(", " OR 1=1", "\\", "?", "?1", ":a", "$x", "@y", "\n", "]", "["]
        var generator = SystemRandomNumberGenerator()
        var hostile: [String] = ["Robert'); DROP TABLE Person;--", "x\" OR \"1\"=\"1", "a\0b"]
        for _ in 0..<200 {
            hostile.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for (index, text) in hostile.enumerated() {
            try context.exec("INSERT INTO \(Person.self) (\(\Person.name), \(\Person.city), \(\Person.age)) VALUES (\(text), \(text), \(1000 + index))")
            let found = try context.selectAll("SELECT \(\Person.name), \(\Person.city) FROM \(Person.self) WHERE \(\Person.name) = \(text) AND \(\Person.age) = \(1000 + index)")
            #expect(found == [[.text(text), .text(text)]], "value \(text.debugDescription)")
            let byCondition = try context.query(Person.self).where("\(\.name) = \(text)" && \.age == 1000 + index).select(\.name).fetchAll()
            #expect(byCondition == [text])
            // A name is part of the text, where SQLite takes no NUL: refused, never cut short.
            if text.contains("\0") {
                #expect(throws: SQLError.self) { try context.selectAll("SELECT 7 AS \(identifier: text)") }
            } else {
                #expect(try context.selectAll("SELECT 7 AS \(identifier: text)") == [[.long(7)]])
            }
        }
        #expect(try context.count(Person.self) == Self.people.count + hostile.count)
        #expect(try context.tables().map(\.name).sorted() == ["Person", "Pet"])
    }
}
