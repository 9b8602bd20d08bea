import Foundation
import PortableSQLCodable
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

@Suite struct JoinTests {
    func pairs(_ rows: [(Author?, Book?)]) -> [String] {
        rows.map { "\($0.0?.name ?? "-")/\($0.1?.title ?? "-")" }
    }

    @Test func innerAndLeftJoins() throws {
        let context = try SQLContext(path: nil)
        _ = try makeLibrary(context)
        let inner = try context.query(Author.self, alias: "a").join(Book.self, alias: "b", kind: .inner, on: Book.authorID)
            .orderBy(Book.id.alias("b")).eval().load()
        #expect(pairs(inner) == ["Le Guin/A Wizard of Earthsea", "Le Guin/The Dispossessed", "Banks/Consider Phlebas", "Banks/Excession", "Banks/Look to Windward"])

        let left = try context.query(Author.self, alias: "a").join(Book.self, alias: "b", kind: .left, on: Book.authorID)
            .where(Book.price.isNull().or(Book.price.greaterThan(12)))
            .orderBy(Author.name).eval().load()
        #expect(pairs(left) == ["Banks/Look to Windward", "Nobody/-"])

        // The foreign key may sit on the table already in the query, too.
        let reversed = try context.query(Book.self, alias: "b").join(Author.self, alias: "a", on: Book.authorID)
            .where(Author.name.equals("Le Guin")).orderBy(Book.title).eval().load()
        #expect(reversed.map { "\($0.1?.name ?? "-")/\($0.0?.title ?? "-")" } == ["Le Guin/A Wizard of Earthsea", "Le Guin/The Dispossessed"])

        // A column both tables declare is named with its table's alias, as SQL wants.
        let banks = try context.query(Author.self, alias: "a").join(Book.self, alias: "b", on: Book.authorID).where(Author.id.alias("a").equals(SQLValue(2))).eval().load()
        #expect(banks.count == 3)
    }

    @Test func threeWayAndCrossJoins() throws {
        let context = try SQLContext(path: nil)
        _ = try makeLibrary(context)
        let triples = try context.query(Author.self, alias: "a")
            .join(Book.self, alias: "b", kind: .inner, on: Book.authorID)
            .join(Review.self, alias: "r", kind: .left, on: Review.bookID)
            .orderBy(Book.id.alias("b")).eval().load()
        #expect(triples.count == 6)
        #expect(triples.filter { $0.2 == nil }.map { $0.1?.title ?? "" } == ["The Dispossessed", "Excession"])
        #expect(triples.compactMap { $0.2?.stars }.reduce(0, +) == 17)

        let cross = try context.query(Author.self, alias: "a").join(Review.self, alias: "r", kind: .cross, on: nil).eval().load()
        #expect(cross.count == 12)
    }

    @Test func rightAndFullJoinsWhereTheEngineHasThem() throws {
        for configuration in [SQLiteConfiguration.platform, .plus] {
            let context = SQLContext(configuration: configuration)
            _ = try makeLibrary(context)
            try context.exec(sql: "INSERT INTO review (book_id, stars) VALUES (NULL, 1)")
            let query = context.query(Book.self, alias: "b").join(Review.self, alias: "r", kind: .right, on: Review.bookID)
            if context.supports(.rightJoin) && context.supports(.fullOuterJoin) {
                let rows = try query.eval().load()
                #expect(rows.count == 5)
                #expect(rows.filter { $0.0 == nil }.map { $0.1?.stars } == [1])
                let full = try context.query(Book.self, alias: "b").join(Review.self, alias: "r", kind: .full, on: Review.bookID).eval().load()
                #expect(full.count == 7)
            } else {
                let error = try #require(throws: SQLError.self, "\(configuration)") { try query.eval() }
                #expect(error.message.contains("RIGHT and FULL joins need SQLite 3.39"))
                #expect(throws: SQLError.self) { try context.query(Book.self).join(Review.self, alias: "r", kind: .full, on: Review.bookID).eval() }
            }
        }
    }

    @Test func aColumnThatLinksNothingJoinsAsSkipSQLWritesIt() throws {
        let context = try SQLContext(path: nil)
        let (authors, books) = try makeLibrary(context)
        // A column without a key: SkipSQL's ON clause is a bound 1, every pair of rows.
        var traced: [String] = []
        context.trace { traced.append($0) }
        let pairs = try context.query(Author.self, alias: "a").join(Book.self, alias: "b", on: Book.title).eval().load()
        #expect(pairs.count == authors.count * books.count)
        #expect(traced.last?.hasSuffix(#"FROM "author" AS a INNER JOIN "book" AS b ON 1"#) == true)
        // A key to a third table: its columns compared all the same, as SkipSQL writes it.
        let query = context.query(Author.self, alias: "a").join(Review.self, alias: "r", on: Review.bookID)
        #expect(query.expression.sql.hasSuffix(#"INNER JOIN "review" AS r ON a."id" = r."book_id""#))
        #expect(query.expression.bindings.isEmpty)
    }

    @Test func aColumnThatLinksNothingIsRefusedWhenStrict() throws {
        let context = try SQLContext(path: nil, configuration: .platform.strict(.foreignKeyJoins))
        _ = try makeLibrary(context)
        let error = try #require(throws: SQLError.self) {
            try context.query(Author.self).join(Review.self, alias: "r", on: Review.bookID).eval()
        }
        #expect(error.code == .misuse)
        #expect(error.message.contains("book_id"))
        #expect(throws: SQLError.self) { try context.query(Author.self).join(Book.self, alias: "b", on: Book.title).eval() }
        // A join through a key between the new table and an earlier one, not the one before it.
        #expect(throws: SQLError.self) {
            try context.query(Author.self).join(Book.self, alias: "b", on: Book.authorID).join(Review.self, alias: "r", on: Book.authorID).eval()
        }
    }
}
