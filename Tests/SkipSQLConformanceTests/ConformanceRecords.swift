import Foundation
import PortableSQLCodable

// Records written as SkipSQL's README writes them: columns as static `SQLColumn`s, the row
// read with the column readers and written with `SQLValue(_:)`. The bracketed marks name the
// SkipSQL declarations a line uses; DeclarationCoverageTests checks that each one has a use.

/// A parent row.
struct Shelf: SQLCodable, Equatable { // ⟦SQLCodable⟧
    var id: Int64
    static let id = SQLColumn(name: "ID", type: .long, primaryKey: true, autoincrement: true)
    var label: String
    static let label = SQLColumn(name: "LABEL", type: .text, nullable: false, index: SQLIndex(name: "IDX_SHELF_LABEL", unique: false)) // ⟦SQLIndex.init(name:unique:)⟧
    var weight: Double?
    static let weight = SQLColumn(name: "WEIGHT", type: .real)
    var photo: Data?
    static let photo = SQLColumn(name: "PHOTO", type: .blob)
    var added: Date?
    static let added = SQLColumn(name: "ADDED", type: .text)

    static let table = SQLTable(name: "SHELF", columns: [id, label, weight, photo, added]) // ⟦SQLCodable.table⟧ ⟦SQLTable.init(name:columns:)⟧

    init(id: Int64 = 0, label: String, weight: Double? = nil, photo: Data? = nil, added: Date? = nil) {
        self.id = id
        self.label = label
        self.weight = weight
        self.photo = photo
        self.added = added
    }

    init(row: SQLRow, context: SQLContext) throws { // ⟦SQLCodable.init(row:context:)⟧ ⟦SQLRow⟧
        let id: Int64 = try Self.id.longValueRequired(in: row) // ⟦SQLColumn.longValueRequired(in:)⟧
        let label: String = try Self.label.textValueRequired(in: row) // ⟦SQLColumn.textValueRequired(in:)⟧
        let weight: Double? = Self.weight.realValue(in: row) // ⟦SQLColumn.realValue(in:)⟧
        let photo: Data? = Self.photo.blobValue(in: row) // ⟦SQLColumn.blobValue(in:)⟧
        let added: Date? = Self.added.dateValue(in: row) // ⟦SQLColumn.dateValue(in:)⟧
        self.init(id: id, label: label, weight: weight, photo: photo, added: added)
    }

    func encode(row: inout SQLRow) throws { // ⟦SQLCodable.encode(row:)⟧
        row[Self.id] = SQLValue(self.id) // ⟦SQLValue.init(_: Int64?)⟧
        row[Self.label] = SQLValue(self.label) // ⟦SQLValue.init(_: String?)⟧
        row[Self.weight] = SQLValue(self.weight) // ⟦SQLValue.init(_: Double?)⟧
        row[Self.photo] = SQLValue(self.photo) // ⟦SQLValue.init(_: Data?)⟧
        row[Self.added] = SQLValue(self.added.map { ISO8601DateFormatter().string(from: $0) })
    }
}

/// A child row whose `SHELF_ID` references `Shelf`.
struct Book: SQLCodable, Equatable {
    var id: Int64
    static let id = SQLColumn(name: "ID", type: .long, primaryKey: true, autoincrement: true)
    var shelfID: Int64
    static let shelfID = SQLColumn(name: "SHELF_ID", type: .long, nullable: false, references: SQLForeignKey(table: Shelf.table, column: Shelf.id, onDelete: .cascade, onUpdate: .restrict)) // ⟦SQLForeignKey.init(table:column:onDelete:onUpdate:)⟧ ⟦SQLForeignKeyAction.cascade⟧ ⟦SQLForeignKeyAction.restrict⟧
    var title: String
    static let title = SQLColumn(name: "TITLE", type: .text, nullable: false, defaultValue: SQLValue("untitled")) // ⟦SQLColumn.init(name:type:primaryKey:autoincrement:unique:nullable:defaultValue:index:references:columnDefinition:)⟧
    var pages: Int
    static let pages = SQLColumn(name: "PAGES", type: .long, nullable: false, defaultValue: SQLValue(0))

    static let table = SQLTable(name: "BOOK", columns: [id, shelfID, title, pages])

    init(id: Int64 = 0, shelfID: Int64, title: String, pages: Int = 0) {
        self.id = id
        self.shelfID = shelfID
        self.title = title
        self.pages = pages
    }

    init(row: SQLRow, context: SQLContext) throws {
        self.id = try Self.id.longValueRequired(in: row)
        self.shelfID = try Self.shelfID.longValueRequired(in: row)
        self.title = try Self.title.textValueRequired(in: row)
        self.pages = Int(try Self.pages.longValueRequired(in: row))
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(self.id)
        row[Self.shelfID] = SQLValue(self.shelfID)
        row[Self.title] = SQLValue(self.title)
        row[Self.pages] = SQLValue(self.pages) // ⟦SQLValue.init(_: Int?)⟧
    }
}

/// A third table, for three-way joins: a reader who has borrowed a book.
struct Loan: SQLCodable, Equatable {
    var id: Int64
    static let id = SQLColumn(name: "ID", type: .long, primaryKey: true, autoincrement: true)
    var bookID: Int64
    static let bookID = SQLColumn(name: "BOOK_ID", type: .long, nullable: false, references: SQLForeignKey(table: Book.table, column: Book.id, onDelete: .setNull)) // ⟦SQLForeignKeyAction.setNull⟧
    var reader: String
    static let reader = SQLColumn(name: "READER", type: .text, nullable: false)

    static let table = SQLTable(name: "LOAN", columns: [id, bookID, reader])

    init(id: Int64 = 0, bookID: Int64, reader: String) {
        self.id = id
        self.bookID = bookID
        self.reader = reader
    }

    init(row: SQLRow, context: SQLContext) throws {
        self.id = try Self.id.longValueRequired(in: row)
        self.bookID = try Self.bookID.longValueRequired(in: row)
        self.reader = try Self.reader.textValueRequired(in: row)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(self.id)
        row[Self.bookID] = SQLValue(self.bookID)
        row[Self.reader] = SQLValue(self.reader)
    }
}

/// Opens a fresh in-memory context on the system SQLite with the three tables.
func libraryContext() throws -> SQLContext {
    let db = SQLContext(configuration: .platform) // ⟦SQLContext.init(configuration:)⟧ ⟦SQLiteConfiguration.platform⟧
    try db.createTableIfNotExists(Shelf.self) // ⟦SQLContext.createTableIfNotExists(_:inSchema:)⟧
    try db.createTableIfNotExists(Book.self)
    try db.createTableIfNotExists(Loan.self)
    return db
}
