import Foundation
import PortableSQLCodable
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Records give SkipSQL's statements, in SkipSQL's order and text, and SkipSQL's results: what
/// its own suite checks, here on the engine matrix (the system SQLite and SQLCipher).
@Suite struct SkipSQLParityRecordTests {
    func makeTables(_ configuration: SQLiteConfiguration) throws -> SQLContext {
        let context = SQLContext(configuration: configuration)
        try context.createTableIfNotExists(Author.self)
        try context.createTableIfNotExists(Book.self)
        return context
    }

    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func aNilPropertyLeavesTheColumnToItsDefault(configuration: SQLiteConfiguration) throws {
        let context = try makeTables(configuration)
        let author = try context.insert(Author(name: "Le Guin"))
        let log = ExecutedSQL(context)
        let book = try context.insert(Book(authorID: author.id, title: "Earthsea", price: nil))
        #expect(log.statements == [#"INSERT INTO "book" ("author_id", "title") VALUES (1, 'Earthsea')"#])
        // The record comes back with the key and the default, as stored.
        #expect(book.id == 1 && book.price == 9.99)
        #expect(try context.fetch(Book.self, id: 1) == book)
        #expect(log.statements.last == #"SELECT "id", "author_id", "title", "price" FROM "book" WHERE "id" = 1"#)
        // An update writes every column, NULL included.
        var cheaper = book
        cheaper.price = nil
        try context.update(cheaper)
        #expect(log.statements.last == #"UPDATE "book" SET "author_id" = 1, "title" = 'Earthsea', "price" = NULL WHERE "id" = 1"#)
        #expect(try context.fetch(Book.self, id: 1)?.price == nil)
    }

    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func deletingInstancesIsOneStatementAndCountsEveryRow(configuration: SQLiteConfiguration) throws {
        let context = try makeTables(configuration)
        let authors = try context.insertAll(["A", "B", "C", "D"].map { Author(name: $0) })
        let log = ExecutedSQL(context)
        try context.delete(instances: Array(authors[1...]))
        #expect(context.changes == 3)
        #expect(context.changes == 3)
        #expect(log.statements == [#"DELETE FROM "author" WHERE "id" IN (2, 3, 4)"#])
        try context.delete(instances: [authors[0]])
        #expect(log.statements.last == #"DELETE FROM "author" WHERE "id" = 1"#)
        let before = context.totalChanges
        try context.delete(instances: [Author]())
        #expect(context.totalChanges == before)
        #expect(try context.count(Author.self) == 0)
    }

    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func aCompositeKeyIsFoundByRowValues(configuration: SQLiteConfiguration) throws {
        let context = SQLContext(configuration: configuration)
        try context.createTableIfNotExists(Membership.self)
        let members = [Membership(group: "g", member: "a", role: "x"), Membership(group: "g", member: "b", role: "x"), Membership(group: "h", member: "a", role: "x")]
        try context.insertAll(members)
        let log = ExecutedSQL(context)
        try context.delete(instances: Array(members[..<2]))
        #expect(context.changes == 2)
        let expected = context.supports(.rowValueInSyntax)
            ? #"DELETE FROM "membership" WHERE ("group", "member") IN (('g', 'a'), ('g', 'b'))"#
            : #"DELETE FROM "membership" WHERE (("group" = 'g' AND "member" = 'a') OR ("group" = 'g' AND "member" = 'b'))"#
        #expect(log.statements == [expected])
        #expect(try context.fetchAll(Membership.self) == [members[2]])
    }

    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func callsRunSkipSQLsStatements(configuration: SQLiteConfiguration) throws {
        let context = try makeTables(configuration)
        let log = ExecutedSQL(context)
        var author = Author(name: "Banks")
        try context.inserted(&author, refresh: true)
        #expect(log.statements == [
            #"INSERT INTO "author" ("name") VALUES ('Banks')"#,
            #"SELECT "id", "name", "born" FROM "author" WHERE "id" = 1"#,
        ])
        log.clear()
        #expect(try context.count(Author.self, where: Author.name.like("B%")) == 1)
        #expect(try context.exists(Author.self))
        #expect(try context.sum(column: Author.born, of: Author.self) == .null)
        #expect(try context.max(column: Author.id, of: Author.self, where: Author.born.isNull()) == 1)
        _ = try context.fetchAll(Author.self, orderBy: Author.name, order: .descending, limit: 5, offset: 1)
        #expect(log.statements == [
            #"SELECT COUNT(*) FROM "author" WHERE "name" LIKE 'B%'"#,
            #"SELECT EXISTS(SELECT 1 FROM "author")"#,
            #"SELECT SUM("born") FROM "author""#,
            #"SELECT MAX("id") FROM "author" WHERE "born" IS NULL"#,
            #"SELECT "id", "name", "born" FROM "author" ORDER BY "name" DESC LIMIT 5 OFFSET 1"#,
        ])
        #expect(Author.selectSQL().sql == #"SELECT "id", "name", "born" FROM "author""#)
        #expect(Author.selectSQL(alias: "a").sql == #"SELECT a."id", a."name", a."born" FROM "author" AS a"#)
        log.clear()
        try context.deleteAll(Author.self)
        #expect(log.statements == [#"DELETE FROM "author""#])
    }

    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func upsertUpdatesOrInserts(configuration: SQLiteConfiguration) throws {
        let context = try makeTables(configuration)
        let log = ExecutedSQL(context)
        let first = try context.insert(Author(name: "Le Guin", born: 1929), upsert: true)
        #expect(first.id == 1)
        try context.insert(Author(id: 1, name: "Ursula K. Le Guin", born: 1929), upsert: true)
        #expect(try context.fetchAll(Author.self).map(\.name) == ["Ursula K. Le Guin"])
        if context.supports(.upsert) {
            #expect(log.statements[1] == #"INSERT INTO "author" ("id", "name", "born") VALUES (1, 'Ursula K. Le Guin', 1929) ON CONFLICT("id") DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name", "born" = EXCLUDED."born""#)
        }
    }

    @Test func schemasQualifyEveryStatement() throws {
        let directory = try TemporaryDirectory()
        let context = SQLContext(configuration: .platform)
        try context.exec(sql: "ATTACH DATABASE ? AS aux", parameters: [.text(directory.path("aux.db"))])
        try context.createTableIfNotExists(Author.self, inSchema: "aux")
        let log = ExecutedSQL(context)
        let stored = try context.insert(Author(name: "Aux"), inSchema: "aux")
        #expect(stored.id == 1)
        #expect(log.statements == [#"INSERT INTO "aux"."author" ("name") VALUES ('Aux')"#])
        #expect(try context.count(Author.self, inSchema: "aux") == 1)
        #expect(try context.fetchAll(Author.self, inSchema: "aux").map(\.name) == ["Aux"])
        #expect(try context.query(Author.self, schema: "aux").eval().load().count == 1)
        #expect(try !context.tableExists(Author.self))
        #expect(Author.table.createTableSQL(inSchema: "aux", ifNotExists: true).map(\.sql) == [
            #"CREATE TABLE IF NOT EXISTS "aux"."author" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT UNIQUE NOT NULL, "born" INTEGER)"#,
            #"CREATE INDEX IF NOT EXISTS "aux"."author_born" ON "author"("born")"#,
        ])
        try context.deleteAll(Author.self, inSchema: "aux")
        #expect(try context.count(Author.self, inSchema: "aux") == 0)
    }

    @Test func queriesAreWrittenAsSkipSQLWritesThem() throws {
        let context = try makeTables(.platform)
        let query = context.query(Author.self, alias: "a")
            .join(Book.self, alias: "b", kind: .left, on: Book.authorID)
            .where(Author.born.greaterThan(SQLValue(1900)))
            .where(Book.title.alias("b").isNotNull())
            .orderBy(Author.name.alias("a"), order: .descending)
            .limit(3)
        #expect(query.expression.sql == #"SELECT a."id", a."name", a."born", b."id", b."author_id", b."title", b."price" FROM "author" AS a LEFT OUTER JOIN "book" AS b ON a."id" = b."author_id" WHERE ("born" > ? AND b."title" IS NOT NULL) ORDER BY a."name" DESC LIMIT 3"#)
        #expect(query.expression.bindings == [1900])
        let typed: SQLJoin2Query<Author, Book> = query
        #expect(try typed.eval().load().isEmpty)
        let table: SQLTableQuery<Author> = context.query(Author.self)
        #expect(table.expression.sql == #"SELECT "id", "name", "born" FROM "author""#)
    }
}
