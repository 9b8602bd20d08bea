import Foundation
import PortableSQLCodable
import PortableSQLTestSupport
import Testing

@Suite struct QueryTests {
    /// Every predicate form, checked against the same filter written in Swift.
    @Test func predicatesMatchASwiftFilter() throws {
        let context = try SQLContext(path: nil)
        _ = try makeLibrary(context)
        let books = try context.fetchAll(Book.self, orderBy: Book.id)
        let cases: [(SQLPredicate, (Book) -> Bool)] = [
            (Book.price.equals(10), { $0.price == 10 }),
            (Book.price.notEquals(10), { $0.price != 10 }),
            (Book.price.lessThan(10), { ($0.price ?? 0) < 10 }),
            (Book.price.lessThanOrEqual(10), { ($0.price ?? 0) <= 10 }),
            (Book.price.greaterThan(10), { ($0.price ?? 0) > 10 }),
            (Book.price.greaterThanOrEqual(10), { ($0.price ?? 0) >= 10 }),
            (Book.title.like("%the%"), { $0.title.lowercased().contains("the") }),
            (Book.price.isNull(), { $0.price == nil }),
            (Book.price.isNotNull(), { $0.price != nil }),
            (Book.price.between(9, 12), { (9...12).contains($0.price ?? -1) }),
            (Book.id.in([1, 3, 5, 7]), { [1, 3, 5, 7].contains($0.id) }),
            (Book.id.in([]), { _ in false }),
            (Book.authorID.equals(1).and(Book.price.greaterThan(10)), { $0.authorID == 1 && ($0.price ?? 0) > 10 }),
            (Book.authorID.equals(1).or(Book.title.equals("Excession")), { $0.authorID == 1 || $0.title == "Excession" }),
            (.not(Book.authorID.equals(1)), { $0.authorID != 1 }),
            (SQLPredicate.not(Book.id.lessThan(3).or(Book.id.greaterThan(4))), { (3...4).contains($0.id) }),
            (Book.title.equals(.null), { _ in false }),
        ]
        for (predicate, filter) in cases {
            let fetched = try context.fetchAll(Book.self, where: predicate, orderBy: Book.id)
            #expect(fetched == books.filter(filter), "\(predicate.rendered().sql)")
            #expect(try context.count(Book.self, where: predicate) == fetched.count)
        }
    }

    @Test func valuesAreBoundNeverSpliced() throws {
        let context = try SQLContext(path: nil)
        _ = try makeLibrary(context)
        let hostile = "x'); DROP TABLE book; --"
        let predicate = Book.title.equals(.text(hostile)).or(Book.title.like("%' OR '1'='1"))
        let (sql, parameters) = predicate.rendered()
        #expect(!sql.contains("DROP"))
        #expect(!sql.contains("OR '1'"))
        #expect(parameters == [.text(hostile), .text("%' OR '1'='1")])
        #expect(try context.fetchAll(Book.self, where: predicate) == [])
        try context.insert(Author(name: hostile))
        #expect(try context.fetchAll(Author.self, where: Author.name.equals(.text(hostile))).map(\.name) == [hostile])
        #expect(try context.count(Book.self) == 5)
    }

    @Test func orderLimitOffsetAndChainedWhere() throws {
        let context = try SQLContext(path: nil)
        _ = try makeLibrary(context)
        let page = try context.query(Book.self)
            .where(Book.price.isNotNull())
            .where(Book.authorID.equals(2))
            .orderBy(Book.price, order: .descending)
            .limit(2, offset: 1)
            .eval().load()
        #expect(page.map(\.title) == ["Consider Phlebas", "Excession"])
        let byTwoKeys = try context.query(Book.self).orderBy(Book.authorID, order: .descending).orderBy(Book.title).eval().load()
        #expect(byTwoKeys.map(\.id) == [3, 4, 5, 1, 2])
    }

    @Test func cursorsStreamAndCanStopEarly() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Author.self)
        try context.transaction {
            for number in 0..<2_000 { try context.insert(Author(name: "author \(number)", born: number)) }
        }
        let cursor = try context.query(Author.self).orderBy(Author.born).eval()
        var seen = 0
        for result in cursor {
            let author = try result.get()
            #expect(author.born == seen)
            seen += 1
            if seen == 10 { break }
        }
        cursor.close()
        #expect(seen == 10)
        let iterator = cursor.makeIterator()
        #expect(iterator.next().map { _ in true } == nil)
        // A full pass ends by itself; a second pass over the same cursor yields nothing.
        let all = try context.query(Author.self).eval()
        #expect(all.reduce(0) { count, _ in count + 1 } == 2_000)
        #expect(all.makeIterator().next().map { _ in true } == nil)
    }

    @Test func aBadRowFailsAloneInACursor() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Author.self)
        try context.insert(Author(name: "good one"))
        try context.exec(sql: "INSERT INTO author (name) VALUES (x'01')")
        try context.insert(Author(name: "good two"))
        let results = Array(try context.query(Author.self).orderBy(Author.id).eval())
        #expect(results.count == 3)
        #expect((try? results[0].get())?.name == "good one")
        #expect(throws: SQLBindingError.self) { try results[1].get() }
        #expect((try? results[2].get())?.name == "good two")
        #expect(throws: SQLBindingError.self) { try context.query(Author.self).eval().load() }
    }
}

