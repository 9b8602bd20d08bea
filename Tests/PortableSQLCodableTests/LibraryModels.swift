import Foundation
import PortableSQLCodable

/// Authors, their books and the books' reviews: three tables linked by foreign keys.
struct Author: SQLCodable, Equatable {
    var id: Int64 = 0
    var name: String
    var born: Int?

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
    static let name = SQLColumn(name: "name", type: .text, unique: true, nullable: false)
    static let born = SQLColumn(name: "born", type: .long, index: SQLIndex(name: "author_born"))
    static let table = SQLTable(name: "author", columns: [id, name, born])

    init(id: Int64 = 0, name: String, born: Int? = nil) {
        self.id = id
        self.name = name
        self.born = born
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = try Self.id.longValueRequired(in: row)
        name = try Self.name.textValueRequired(in: row)
        born = Self.born.longValue(in: row).map(Int.init)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.name] = SQLValue(name)
        row[Self.born] = SQLValue(born)
    }
}

struct Book: SQLCodable, Equatable {
    var id: Int64 = 0
    var authorID: Int64
    var title: String
    var price: Double?

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
    static let authorID = SQLColumn(
        name: "author_id", type: .long, nullable: false, index: SQLIndex(name: "book_author"),
        references: SQLForeignKey(table: Author.table, column: Author.id, onDelete: .cascade, onUpdate: .cascade))
    static let title = SQLColumn(name: "title", type: .text, nullable: false, index: SQLIndex(name: "book_author_title", unique: true))
    static let price = SQLColumn(name: "price", type: .real, defaultValue: 9.99)
    static let table = SQLTable(name: "book", columns: [id, authorID, title, price])

    init(id: Int64 = 0, authorID: Int64, title: String, price: Double? = nil) {
        self.id = id
        self.authorID = authorID
        self.title = title
        self.price = price
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = try Self.id.longValueRequired(in: row)
        authorID = try Self.authorID.longValueRequired(in: row)
        title = try Self.title.textValueRequired(in: row)
        price = Self.price.realValue(in: row)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.authorID] = SQLValue(authorID)
        row[Self.title] = SQLValue(title)
        // Leave price out when unknown, so that its default applies.
        if let price { row[Self.price] = SQLValue(price) }
    }
}

struct Review: SQLCodable, Equatable {
    var id: Int64 = 0
    var bookID: Int64?
    var stars: Int

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
    static let bookID = SQLColumn(name: "book_id", type: .long, references: SQLForeignKey(table: Book.table, column: Book.id, onDelete: .setNull))
    static let stars = SQLColumn(name: "stars", type: .long, nullable: false, defaultValue: 3)
    static let table = SQLTable(name: "review", columns: [id, bookID, stars])

    init(id: Int64 = 0, bookID: Int64?, stars: Int) {
        self.id = id
        self.bookID = bookID
        self.stars = stars
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = try Self.id.longValueRequired(in: row)
        bookID = Self.bookID.longValue(in: row)
        stars = Int(try Self.stars.longValueRequired(in: row))
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.bookID] = SQLValue(bookID)
        row[Self.stars] = SQLValue(stars)
    }
}

/// A table with a two-column primary key and no autoincrement.
struct Membership: SQLCodable, Equatable {
    var group: String
    var member: String
    var role: String

    static let group = SQLColumn(name: "group", type: .text, primaryKey: true)
    static let member = SQLColumn(name: "member", type: .text, primaryKey: true)
    static let role = SQLColumn(name: "role", type: .text, nullable: false, defaultValue: "member")
    static let table = SQLTable(name: "membership", columns: [group, member, role])

    init(group: String, member: String, role: String) {
        self.group = group
        self.member = member
        self.role = role
    }

    init(row: SQLRow, context: SQLContext) throws {
        group = try Self.group.textValueRequired(in: row)
        member = try Self.member.textValueRequired(in: row)
        role = try Self.role.textValueRequired(in: row)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.group] = SQLValue(group)
        row[Self.member] = SQLValue(member)
        row[Self.role] = SQLValue(role)
    }
}

/// Opens a context with the library tables and a few rows: 3 authors, 5 books, 4 reviews.
func makeLibrary(_ context: SQLContext) throws -> (authors: [Author], books: [Book]) {
    try context.createTableIfNotExists(Author.self)
    try context.createTableIfNotExists(Book.self)
    try context.createTableIfNotExists(Review.self)
    let authors = try context.insertAll([
        Author(name: "Le Guin", born: 1929), Author(name: "Banks", born: 1954), Author(name: "Nobody"),
    ])
    let books = try context.insertAll([
        Book(authorID: authors[0].id, title: "A Wizard of Earthsea", price: 8.5),
        Book(authorID: authors[0].id, title: "The Dispossessed", price: 12),
        Book(authorID: authors[1].id, title: "Consider Phlebas", price: 10),
        Book(authorID: authors[1].id, title: "Excession"),
        Book(authorID: authors[1].id, title: "Look to Windward", price: 15.25),
    ])
    try context.insertAll([
        Review(bookID: books[0].id, stars: 5), Review(bookID: books[0].id, stars: 4),
        Review(bookID: books[2].id, stars: 3), Review(bookID: books[4].id, stars: 5),
    ])
    return (authors, books)
}
