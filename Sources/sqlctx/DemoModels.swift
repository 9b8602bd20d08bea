#if Tool
import PortableSQLCodable

/// An author of the demo's small library.
struct DemoAuthor: SQLCodable {
    var id: Int64 = 0
    var name: String

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
    static let name = SQLColumn(name: "name", type: .text, unique: true, nullable: false)
    static let table = SQLTable(name: "author", columns: [id, name])

    init(name: String) {
        self.name = name
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = try Self.id.longValueRequired(in: row)
        name = try Self.name.textValueRequired(in: row)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.name] = SQLValue(name)
    }
}

/// A book of the demo's small library, linked to its author by a foreign key.
struct DemoBook: SQLCodable {
    var id: Int64 = 0
    var authorID: Int64
    var title: String
    var year: Int

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
    static let authorID = SQLColumn(
        name: "author_id", type: .long, nullable: false,
        references: SQLForeignKey(table: DemoAuthor.table, column: DemoAuthor.id, onDelete: .cascade))
    static let title = SQLColumn(name: "title", type: .text, nullable: false)
    static let year = SQLColumn(name: "year", type: .long, nullable: false, index: SQLIndex(name: "book_year"))
    static let table = SQLTable(name: "book", columns: [id, authorID, title, year])

    init(authorID: Int64, title: String, year: Int) {
        self.authorID = authorID
        self.title = title
        self.year = year
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = try Self.id.longValueRequired(in: row)
        authorID = try Self.authorID.longValueRequired(in: row)
        title = try Self.title.textValueRequired(in: row)
        year = Int(try Self.year.longValueRequired(in: row))
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.authorID] = SQLValue(authorID)
        row[Self.title] = SQLValue(title)
        row[Self.year] = SQLValue(year)
    }
}
#endif
