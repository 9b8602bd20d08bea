import Foundation
@testable import PortableSQL
@testable import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// `fetch(_:id:)` runs the SELECT its query would run, from one statement per table kept in the
/// cache: the same text, the same rows and errors, safe when a record's initializer fetches
/// again or keeps its row, and the query's own path for the cases the cached text cannot take.
@Suite struct FetchByKeyTests {
    func makeContext(_ directory: TemporaryDirectory) throws -> SQLContext {
        let context = try SQLContext(path: directory.path("keys.sqlite"))
        try context.createTableIfNotExists(Author.self)
        try context.insertAll([Author(name: "Ada", born: 1815), Author(name: "Alan", born: 1912)])
        return context
    }

    @Test func theStatementIsTheQuerysCharacterForCharacter() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        var traced: [String] = []
        context.trace { traced.append($0) }
        #expect(try context.fetch(Author.self, id: .long(2))?.name == "Alan")
        #expect(try context.query(Author.self).where(Author.id.equals(SQLValue.long(2))).fetchOne()?.name == "Alan")
        #expect(traced.count == 2)
        #expect(traced.first == traced.last)
        #expect(traced.first == #"SELECT "id", "name", "born" FROM "author" WHERE "id" = 2"#)
    }

    @Test func aNullKeyAsksForIsNullAndLeavesTheCachedStatementAsItWas() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        #expect(try context.fetch(Author.self, id: .null) == nil)
        #expect(try context.fetch(Author.self, id: .long(1))?.name == "Ada")
        #expect(try context.fetch(Author.self, id: .null) == nil)
        #expect(try context.fetch(Author.self, id: .text("1"))?.name == "Ada")
    }

    @Test func compositeKeysBindEveryValueInOrder() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("members.sqlite"))
        defer { try? context.close() }
        try context.createTableIfNotExists(Membership.self)
        try context.insertAll([Membership(group: "admins", member: "bob", role: "owner"), Membership(group: "users", member: "bob", role: "member")])
        #expect(try context.fetch(Membership.self, id: .text("users"), .text("bob"))?.role == "member")
        #expect(try context.fetch(Membership.self, id: .text("admins"), .text("bob"))?.role == "owner")
        #expect(try context.fetch(Membership.self, id: .text("bob"), .text("admins")) == nil)
        let error = try #require(throws: SQLError.self) { try context.fetch(Membership.self, id: .text("admins")) }
        #expect(error.code == .misuse)
    }

    @Test func anInitializerThatFetchesItsOwnTypeGetsAStatementOfItsOwn() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("tree.sqlite"))
        defer { try? context.close() }
        try context.createTableIfNotExists(Node.self)
        try context.insertAll([Node(id: 1, parentID: nil, name: "root"), Node(id: 2, parentID: 1, name: "branch"), Node(id: 3, parentID: 2, name: "leaf")])
        let leaf = try #require(try context.fetch(Node.self, id: .long(3)))
        #expect(leaf.path == "root/branch/leaf")
        let open = context.liveStatements.count
        #expect(try context.fetch(Node.self, id: .long(3))?.path == "root/branch/leaf")
        #expect(context.liveStatements.count == open)
    }

    @Test func aRecordThatKeepsItsRowKeepsItsValues() throws {
        let directory = try TemporaryDirectory()
        let context = try makeContext(directory)
        defer { try? context.close() }
        let ada = try #require(try context.fetch(KeptRowAuthor.self, id: .long(1)))
        let alan = try #require(try context.fetch(KeptRowAuthor.self, id: .long(2)))
        #expect(Author.name.textValue(in: ada.row) == "Ada")
        #expect(Author.born.longValue(in: ada.row) == 1815)
        #expect(Author.name.textValue(in: alan.row) == "Alan")
    }

    @Test func aMissingTableAndAClosedContextThrowAsTheQueryDoes() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("empty.sqlite"))
        let missing = try #require(throws: SQLError.self) { try context.fetch(Author.self, id: .long(1)) }
        let queried = try #require(throws: SQLError.self) { try context.query(Author.self).where(Author.id.equals(SQLValue.long(1))).fetchOne() }
        #expect(missing.message == queried.message)
        #expect(missing.message.hasPrefix("no such table"))
        try context.createTableIfNotExists(Author.self)
        try context.insert(Author(name: "Ada"))
        #expect(try context.fetch(Author.self, id: .long(1))?.name == "Ada")
        try context.close()
        let closed = try #require(throws: SQLError.self) { try context.fetch(Author.self, id: .long(1)) }
        #expect(closed.code == .misuse)
    }

    @Test func aCodableRecordTableIsStillMadeOnFirstUse() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("codable.sqlite"))
        defer { try? context.close() }
        #expect(try context.fetch(Person.self, id: .long(1)) == nil)
        let stored = try context.insert(Person(name: "Ada", city: "London", age: 36))
        #expect(try context.fetch(Person.self, id: .long(Int64(try #require(stored.id))))?.name == "Ada")
    }
}

/// A tree of named nodes whose initializer reads its ancestors' names through `fetch(_:id:)`.
private struct Node: SQLCodable {
    var id: Int64
    var parentID: Int64?
    var name: String
    var path = ""

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
    static let parentID = SQLColumn(name: "parent_id", type: .long)
    static let name = SQLColumn(name: "name", type: .text, nullable: false)
    static let table = SQLTable(name: "node", columns: [id, parentID, name])

    init(id: Int64, parentID: Int64?, name: String) {
        self.id = id
        self.parentID = parentID
        self.name = name
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = try Self.id.longValueRequired(in: row)
        parentID = Self.parentID.longValue(in: row)
        name = try Self.name.textValueRequired(in: row)
        let parent = try parentID.flatMap { try context.fetch(Node.self, id: .long($0)) }
        path = parent.map { $0.path + "/" } ?? ""
        path += name
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.parentID] = SQLValue(parentID)
        row[Self.name] = SQLValue(name)
    }
}

/// An author that keeps the row it was read from.
private struct KeptRowAuthor: SQLCodable {
    let row: SQLRow
    static let table = Author.table

    init(row: SQLRow, context: SQLContext) throws { self.row = row }
    func encode(row: inout SQLRow) throws { row = self.row }
}
