import Foundation
@testable import PortableSQL
@testable import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// Record queries run through the context's statement cache: one prepared statement per query
/// text, reused, never lent twice at once, given back reset and without its values, prepared
/// again by SQLite after a schema change, and refused once the context is closed.
@Suite struct QueryStatementCacheTests {
    static let authors = [Author(name: "Ada", born: 1815), Author(name: "Alan", born: 1912), Author(name: "Grace", born: 1906)]

    func makeContext(_ directory: TemporaryDirectory) throws -> SQLContext {
        let context = try SQLContext(path: directory.path("queries.sqlite"))
        try context.createTableIfNotExists(Author.self)
        try context.insertAll(Self.authors)
        return context
    }

    /// The cached statement of the query `query` builds, if any.
    func cached(_ context: SQLContext, _ query: SQLTableQuery<Author>) -> SQLStatement? {
        context.statementCache.statement(for: .text(query.expression.sql))
    }

    @Test func fetchByIDPreparesOnceAndBindsEachKeyAfresh() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        let compiles = CompileCounter(context)
        #expect(try context.fetch(Author.self, id: .long(1))?.name == "Ada")
        let key = StatementKey.derived(ObjectIdentifier(Author.table.layout), variant: RecordStatement.fetchByKey.rawValue)
        let byID = context.statementCache.statement(for: key)
        let statement = try #require(byID)
        let open = context.liveStatements.count
        #expect(try context.fetch(Author.self, id: .long(2))?.name == "Alan")
        #expect(try context.fetch(Author.self, id: .long(99)) == nil)
        #expect(try context.fetch(Author.self, primaryKeys: [.long(3)])?.name == "Grace")
        var refreshed = Author(id: 1, name: "stale")
        try context.refresh(&refreshed)
        #expect(refreshed.name == "Ada")
        #expect(compiles.selects == 1)
        let stillByID = context.statementCache.statement(for: key)
        #expect(stillByID === statement)
        #expect(!statement.isInUse)
        #expect(context.liveStatements.count == open)
    }

    @Test func everyQuerySpellingReusesItsStatement() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        try context.insertAll([Person(name: "Ada", city: "London", age: 36), Person(name: "Linus", city: "Portland", age: 28)])
        try context.createTableIfNotExists(Book.self)
        try context.insert(Book(authorID: 1, title: "Notes"))
        let city = "London"
        let compiles = CompileCounter(context)
        let spellings: [(String, () throws -> String)] = [
            ("fetchAll", { try context.fetchAll(Author.self, where: Author.born.greaterThan(SQLValue.long(1900)), orderBy: Author.name).map(\.name).joined(separator: ",") }),
            ("query where", { try context.query(Author.self).where(Author.name.equals(SQLValue.text("Ada"))).fetchAll().map(\.name).joined() }),
            ("query eval", { try context.query(Author.self).orderBy(Author.name, order: .descending).eval().map { try $0.get().name }.joined(separator: ",") }),
            ("fetchOne", { try context.query(Author.self).where(Author.born.lessThan(SQLValue.long(1900))).fetchOne()?.name ?? "none" }),
            ("key path", { try context.query(Person.self).where(\.city == city).fetchAll().map(\.name).joined() }),
            ("interpolated", { try context.query(Person.self).where("\(\.age) < \(30)").fetchAll().map(\.name).joined() }),
            ("count", { String(try context.query(Person.self).where(\.age > 20).count()) }),
            ("SkipSQL count", { String(try context.count(Author.self, where: Author.born.greaterThan(SQLValue.long(1800)))) }),
            ("select", { try context.query(Person.self).select(\.name).orderBy(\.name).fetchAll().joined(separator: ",") }),
            ("join", {
                try context.query(Book.self, alias: "b").join(Author.self, alias: "a", on: Book.authorID).eval().map { try "\($0.get().0?.title ?? "")/\($0.get().1?.name ?? "")" }.joined()
            }),
        ]
        for (name, run) in spellings {
            let first = try run()
            compiles.reset()
            let open = context.liveStatements.count
            for _ in 0..<3 { #expect(try run() == first, "\(name)") }
            #expect(compiles.selects == 0, "\(name) prepared \(compiles.selects) time(s) again")
            #expect(context.liveStatements.count == open, "\(name)")
        }
    }

    @Test func theSameQueryInsideItsOwnLoopGetsAStatementOfItsOwn() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        let all = context.query(Author.self).orderBy(Author.id)
        let names = Self.authors.map(\.name)
        var outer: [String] = []
        for result in try all.eval() {
            outer.append(try result.get().name)
            #expect(try all.fetchAll().map(\.name) == names)
            #expect(try context.fetch(Author.self, id: .long(2))?.name == "Alan")
        }
        #expect(outer == names)
        // Two cursors of one query open at once, read in turns.
        let first = try all.eval().makeIterator()
        let second = try all.eval().makeIterator()
        var interleaved: [String] = []
        while let a = first.next(), let b = second.next() {
            interleaved += [try a.get().name, try b.get().name]
        }
        #expect(interleaved == ["Ada", "Ada", "Alan", "Alan", "Grace", "Grace"])
        #expect(!(try #require(cached(context, all))).isInUse)
    }

    @Test func aFunctionSQLiteCallsMayRunTheQueryThatCallsIt() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        var depth = 0
        var innerRuns: [[String]] = []
        try context.createFunction("inner_run", argumentCount: 1) { _ in
            guard depth == 0 else { return .long(1) }
            depth += 1
            defer { depth -= 1 }
            let names = try context.query(Author.self).where("inner_run(\(identifier: "id")) > 0").fetchAll().map(\.name)
            innerRuns.append(names)
            return .long(Int64(names.count))
        }
        let query = context.query(Author.self).where("inner_run(\(identifier: "id")) > 0")
        #expect(try query.fetchAll().map(\.name) == Self.authors.map(\.name))
        #expect(innerRuns == Array(repeating: Self.authors.map(\.name), count: 3))
        #expect(try query.fetchAll().count == 3)
    }

    @Test func aStatementGivenBackHoldsNoRowAndNoValue() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        let byName = context.query(Author.self).where(Author.name.equals(SQLValue.text("Grace")))
        let cursor = try context.query(Author.self).where(Author.name.greaterThan(SQLValue.text("A"))).orderBy(Author.name).eval()
        #expect(try cursor.makeIterator().next()?.get().name == "Ada")
        cursor.close()
        // Read from the start, not from where the closed cursor stopped.
        #expect(try context.query(Author.self).where(Author.name.greaterThan(SQLValue.text("A"))).orderBy(Author.name).fetchAll().map(\.name) == ["Ada", "Alan", "Grace"])
        #expect(try byName.fetchOne()?.born == 1906)
        let statement = try #require(cached(context, byName))
        let handle = try #require(statement.currentHandle)
        let expanded = try #require(statement.engine.functions.expandedSql(handle))
        defer { statement.engine.functions.free(expanded) }
        #expect(String(cString: expanded).hasSuffix("WHERE \"name\" = NULL"))
        // No read is left open: another connection can write.
        let other = try SQLContext(path: directory.path("queries.sqlite"))
        defer { try? other.close() }
        try other.exec(sql: "INSERT INTO author (name) VALUES ('Barbara')")
        #expect(try context.fetchAll(Author.self).count == 4)
    }

    @Test func schemaChangesBetweenRunsAreSeen() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        let ordered = context.query(Author.self).orderBy(Author.id)
        #expect(try ordered.fetchAll().map(\.name) == ["Ada", "Alan", "Grace"])
        try context.exec(sql: "ALTER TABLE author ADD COLUMN extra INTEGER DEFAULT 7")
        #expect(try ordered.fetchAll().map(\.name) == ["Ada", "Alan", "Grace"])
        #expect(try context.fetch(Author.self, id: .long(3))?.born == 1906)
        // The table dropped and made again, its columns in another order.
        try context.exec(sql: "DROP TABLE author")
        try context.exec(sql: "CREATE TABLE author (born INTEGER, name TEXT NOT NULL, id INTEGER PRIMARY KEY)")
        try context.exec(sql: "INSERT INTO author (born, name, id) VALUES (1956, 'Barbara', 5), (NULL, 'Linus', 6)")
        #expect(try ordered.fetchAll() == [Author(id: 5, name: "Barbara", born: 1956), Author(id: 6, name: "Linus")])
        #expect(try context.fetch(Author.self, id: .long(6))?.name == "Linus")
        #expect(try context.fetch(Author.self, id: .long(1)) == nil)
    }

    @Test func aDroppedTableIsReportedAsAFreshStatementWould() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        #expect(try context.fetchAll(Author.self).count == 3)
        #expect(try context.fetch(Author.self, id: .long(1)) != nil)
        try context.exec(sql: "DROP TABLE author")
        let fresh = try SQLContext(path: directory.path("queries.sqlite"))
        defer { try? fresh.close() }
        let expected = try #require(throws: SQLError.self) { try fresh.fetchAll(Author.self) }
        let cachedError = try #require(throws: SQLError.self) { try context.fetchAll(Author.self) }
        #expect(cachedError.code == expected.code && cachedError.message == expected.message)
        #expect(cachedError.message.hasPrefix("no such table"))
        #expect(throws: SQLError.self) { try context.fetch(Author.self, id: .long(1)) }
        // Made again, the same queries run.
        try context.createTableIfNotExists(Author.self)
        try context.insert(Author(name: "Ada"))
        #expect(try context.fetchAll(Author.self).map(\.name) == ["Ada"])
        #expect(try context.fetch(Author.self, id: .long(1))?.name == "Ada")
    }

    @Test func aCodableRecordTableDroppedSinceIsMadeAgainOnTheNextQuery() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("records.sqlite"))
        defer { try? context.close() }
        try context.insert(Person(name: "Ada", city: "London", age: 36))
        let london = context.query(Person.self).where(\.city == "London")
        #expect(try london.fetchAll().map(\.name) == ["Ada"])
        #expect(try london.select(\.name).fetchAll() == ["Ada"])
        try context.exec(sql: "DROP TABLE \(Person.table.name.quotedIdentifier)")
        #expect(try london.fetchAll().isEmpty)
        try context.exec(sql: "DROP TABLE \(Person.table.name.quotedIdentifier)")
        #expect(try london.eval().map { try $0.get().name }.isEmpty)
        try context.exec(sql: "DROP TABLE \(Person.table.name.quotedIdentifier)")
        #expect(try london.select(\.name).fetchAll().isEmpty)
        try context.insert(Person(name: "Alan", city: "London", age: 41))
        #expect(try london.fetchAll().map(\.name) == ["Alan"])
    }

    @Test func anErrorInTheMiddleOfTheRowsLeavesTheCacheUsable() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        let compiles = CompileCounter(context)
        var failing = true
        try context.createFunction("check_row", argumentCount: 1) { arguments in
            if failing, arguments[0].longValue == 2 { throw SQLError(code: .error, message: "row 2 refused") }
            return .long(1)
        }
        let checked = context.query(Author.self).where("check_row(\(identifier: "id")) = 1").orderBy(Author.id)
        let results = Array(try checked.eval())
        #expect(results.count == 2)
        #expect(try results[0].get().name == "Ada")
        #expect(throws: SQLError.self) { try results[1].get() }
        #expect(throws: SQLError.self) { try checked.fetchAll() }
        compiles.reset()
        failing = false
        #expect(try checked.fetchAll().map(\.name) == ["Ada", "Alan", "Grace"])
        #expect(compiles.selects == 0)
        #expect(!(try #require(cached(context, checked))).isInUse)
    }

    @Test func aClosedContextRefusesQueriesAndItsCursorsEnd() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        #expect(try context.fetch(Author.self, id: .long(1))?.name == "Ada")
        let cursor = try context.query(Author.self).eval()
        let iterator = cursor.makeIterator()
        #expect(try iterator.next()?.get().name == "Ada")
        try context.close()
        let error = try #require(throws: SQLError.self) { try context.fetch(Author.self, id: .long(1)) }
        #expect(error.code == .misuse)
        #expect(throws: SQLError.self) { try context.fetchAll(Author.self) }
        #expect(throws: SQLError.self) { try context.query(Author.self).count() }
        switch iterator.next() {
        case .failure(let failure as SQLError)?: #expect(failure.code == .misuse)
        case nil: break
        default: Issue.record("a cursor of a closed context gave a row")
        }
        cursor.close()
        #expect(iterator.next().map { _ in true } == nil)
    }
}

/// Counts the SELECTs SQLite compiles on a context (each prepare, and each prepare again after
/// a schema change), through an authorizer, which SQLite asks while it compiles. Removed when
/// the counter goes, while the context is open.
final class CompileCounter {
    private(set) var selects = 0
    private weak var context: SQLContext?

    init(_ context: SQLContext) {
        self.context = context
        guard let connection = context.connection, let engine = context.engine else { return }
        let result = engine.functions.setAuthorizer(connection, { counter, action, _, _, _, _ in
            // SQLITE_SELECT: once per SELECT compiled.
            if action == 21, let counter { Unmanaged<CompileCounter>.fromOpaque(counter).takeUnretainedValue().selects += 1 }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        precondition(result == 0)
    }

    /// Starts counting from 0. Setting the authorizer expired every statement, so each compiles
    /// again at its next step: reset after one run of each.
    func reset() {
        selects = 0
    }

    deinit {
        guard let context, let connection = context.connection, let engine = context.engine else { return }
        _ = engine.functions.setAuthorizer(connection, nil, nil)
    }
}
