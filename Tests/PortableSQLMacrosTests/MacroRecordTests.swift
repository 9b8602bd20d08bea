import Foundation
import PortableSQLMacros
import PortableSQLTestSupport
import Testing

/// Records written by `@SQLRecord`, on a real database.
@Suite struct MacroRecordTests {
    func makeContext() throws -> SQLContext {
        let context = try SQLContext(path: nil, configuration: .platform.strict(.foreignKeys))
        try context.createTableIfNotExists(Artist.self)
        try context.createTableIfNotExists(Artwork.self)
        return context
    }

    @Test func theGeneratedSchemaIsWhatAHandWrittenOneWouldBe() throws {
        #expect(Artist.table.name == "writer")
        #expect(Artist.table.columns.map(\.name) == ["id", "name", "born", "code", "homepage", "joined", "rating", "active", "portrait", "genre", "rank", "shelf"])
        #expect(Artist.table.columns.map(\.type) == [.long, .text, .long, .text, .text, .real, .real, .long, .blob, .text, .long, .long])
        #expect(Artist.id == SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true))
        #expect(Artist.name == SQLColumn(name: "name", type: .text, unique: true, nullable: false))
        #expect(Artist.born.nullable && !Artist.genre.nullable)
        #expect(Artwork.writerID == SQLColumn(name: "writer_id", type: .long, nullable: false, index: SQLIndex(name: "work_writer"),
                                           references: SQLForeignKey(table: Artist.table, column: Artist.id, onDelete: .cascade)))
        #expect(Artwork.edition.defaultValue == 1)
        let context = try makeContext()
        #expect(try context.columns(for: "work").map(\.name) == ["id", "writer_id", "title", "edition"])
        #expect(try context.tables(types: ["index"]).map(\.name).contains("work_writer"))
    }

    @Test func everyStoredTypeRoundTrips() throws {
        let context = try makeContext()
        let full = Artist(
            name: "Le Guin", born: 1929, homepage: URL(string: "https://example.org/le-guin?x=1"), rating: 4.5, active: false,
            portrait: Data([0, 1, 2, 255]), genre: .essay, rank: .gold, shelf: -7)
        let stored = try context.insert(full)
        #expect(stored.id == 1)
        var expected = full
        expected.id = 1
        #expect(stored == expected)
        #expect(try context.fetch(Artist.self, id: 1) == expected)
        let row = try context.selectAll(sql: "SELECT code, homepage, joined, active, genre, rank, shelf FROM writer")[0]
        #expect(row == [.text(full.code.uuidString), "https://example.org/le-guin?x=1", .real(1_700_000_000.25), 0, "essay", 3, -7])

        let sparse = try context.insert(Artist(name: "Butler"))
        #expect(try context.fetch(Artist.self, id: .long(sparse.id)) == sparse)
        #expect(sparse.born == nil && sparse.rank == nil && sparse.portrait == nil)
    }

    @Test func crudJoinsAndPredicatesThroughGeneratedColumns() throws {
        let context = try makeContext()
        let leGuin = try context.insert(Artist(name: "Le Guin", genre: .fiction, rank: .gold))
        let butler = try context.insert(Artist(name: "Butler", genre: .fiction, rank: .silver))
        let oliver = try context.insert(Artist(name: "Oliver", genre: .poetry))
        let works = try context.insertAll([
            Artwork(writerID: leGuin.id, title: "The Dispossessed"), Artwork(writerID: leGuin.id, title: "Always Coming Home", edition: 2),
            Artwork(writerID: butler.id, title: "Kindred"), Artwork(writerID: oliver.id, title: "Dream Artwork"),
        ])
        #expect(works.map(\.id) == [1, 2, 3, 4])
        // A nil with a declared default leaves the column out, so the database fills it in.
        #expect(try context.fetch(Artwork.self, id: 1)?.edition == 1)

        let fiction = try context.fetchAll(Artist.self, where: Artist.genre.equals("fiction"), orderBy: Artist.name)
        #expect(fiction.map(\.name) == ["Butler", "Le Guin"])
        #expect(try context.count(Artist.self, where: Artist.rank.greaterThanOrEqual(2)) == 2)
        let pairs = try context.query(Artist.self, alias: "w").join(Artwork.self, alias: "k", kind: .left, on: Artwork.writerID)
            .where(Artist.name.notEquals("Oliver")).orderBy(Artwork.title).eval().load()
        #expect(pairs.map { "\($0.0?.name ?? "-"): \($0.1?.title ?? "-")" } == ["Le Guin: Always Coming Home", "Butler: Kindred", "Le Guin: The Dispossessed"])

        var renamed = butler
        renamed.name = "Octavia E. Butler"
        renamed.rating = 5
        try context.update(renamed)
        #expect(try context.fetch(Artist.self, id: .long(butler.id)) == renamed)
        #expect(throws: SQLError.self) { try context.insert(Artist(name: "Le Guin")) }
        try context.delete(leGuin)
        #expect(try context.count(Artwork.self) == 2)
        #expect(try context.query(Artwork.self).eval().load().map(\.title).sorted() == ["Dream Artwork", "Kindred"])
    }

    @Test func valuesThatDoNotFitFailClearly() throws {
        let context = try makeContext()
        try context.exec(sql: "INSERT INTO writer (name, code, joined, active, genre, shelf) VALUES ('X', 'not a uuid', 0, 1, 'fiction', 1)")
        try context.exec(sql: "INSERT INTO writer (name, code, joined, active, genre, shelf) VALUES ('Y', ?, 0, 1, 'novel', 1)", parameters: [.text(UUID().uuidString)])
        try context.exec(sql: "INSERT INTO writer (name, code, joined, active, genre, shelf) VALUES ('Z', ?, 0, 1, 'poetry', 9999999999)", parameters: [.text(UUID().uuidString)])
        let results = Array(try context.query(Artist.self).orderBy(Artist.name).eval())
        #expect(results.count == 3)
        for (result, column) in zip(results, ["code", "genre", "shelf"]) {
            let error = try #require(throws: SQLDecodingError.self) { try result.get() }
            #expect(error.description.contains("\"writer\".\"\(column)\""), "\(error)")
        }
    }

    @Test func keyPathsNameTheGeneratedColumns() throws {
        let context = try makeContext()
        try context.insertAll([Artist(name: "Le Guin", born: 1929, rank: .gold), Artist(name: "Butler", born: 1947), Artist(name: "Oliver", born: 1935)])
        #expect(Artist.column(for: \Artist.born) == Artist.born)
        #expect(Artist.column(for: \Artist.cache) == nil)
        let query = context.query(Artist.self)
        #expect(try query.where(\.born > 1930 && \.rank == nil).orderBy(\.born, order: .descending).fetchAll().map(\.name) == ["Butler", "Oliver"])
        let latest = try query.select(.max(\.born)).fetchOne()
        #expect(latest == 1947)
        #expect(try context.selectAll("SELECT \(\Artwork.writerID) FROM \(Artwork.self)") == [])
        #expect(Artwork.column(for: \Artwork.writerID)?.name == "writer_id")
    }
}

/// Declared, so that key-path conditions compare ranks.
extension Rank: SQLColumnValue {}
