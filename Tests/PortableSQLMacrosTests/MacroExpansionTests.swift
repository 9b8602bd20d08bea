import PortableSQLMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@SQLRecord` writes, checked as source text, and what it refuses.
@Suite struct MacroExpansionTests {
    let macros: [String: MacroSpec] = [
        "SQLRecord": MacroSpec(type: SQLRecordMacro.self, conformances: ["SQLCodable"]),
        "Column": MacroSpec(type: ColumnMacro.self),
        "Transient": MacroSpec(type: ColumnMacro.self),
    ]

    func expand(_ source: String, _ expected: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: macros) { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    }

    @Test func aRecordWithEveryKindOfColumn() {
        expand("""
            @SQLRecord(table: "book")
            struct Book {
                @Column(primaryKey: true, autoincrement: true) var id: Int64 = 0
                @Column("author_id", index: SQLIndex(name: "book_author"), references: \\Author.id, onDelete: .cascade)
                var authorID: Int64
                @Column(unique: true) var title: String
                @Column(default: 9.99) var price: Double?
                var pages: Int?
                var published: Date
                var genre: Genre
                var tags: Tags?
                @Transient var cache: [String] = []
                var summary: String { title }
                static let shelf = 3
            }
            """, """
            struct Book {
                var id: Int64 = 0
                var authorID: Int64
                var title: String
                var price: Double?
                var pages: Int?
                var published: Date
                var genre: Genre
                var tags: Tags?
                var cache: [String] = []
                var summary: String { title }
                static let shelf = 3
            }

            extension Book: SQLCodable {
                static let id = SQLColumn(name: "id", type: .long, primaryKey: true, autoincrement: true)
                static let authorID = SQLColumn(name: "author_id", type: .long, nullable: false, index: SQLIndex(name: "book_author"), references: SQLForeignKey(table: Author.table, column: Author.id, onDelete: .cascade))
                static let title = SQLColumn(name: "title", type: .text, unique: true, nullable: false)
                static let price = SQLColumn(name: "price", type: .real, defaultValue: 9.99)
                static let pages = SQLColumn(name: "pages", type: .long)
                static let published = SQLColumn(name: "published", type: .real, nullable: false)
                static let genre = SQLColumn(name: "genre", type: SQLTable.columnType(of: Genre.self), nullable: false)
                static let tags = SQLColumn(name: "tags", type: SQLTable.columnType(of: Tags.self))
                static let table = SQLTable(name: "book", columns: [Self.id, Self.authorID, Self.title, Self.price, Self.pages, Self.published, Self.genre, Self.tags])
                init(row: SQLRow, context: SQLContext) throws {
                    let table = Self.table
                    self.id = try table.longValueRequired(at: 0, in: row)
                    self.authorID = try table.longValueRequired(at: 1, in: row)
                    self.title = try table.textValueRequired(at: 2, in: row)
                    self.price = table.realValue(at: 3, in: row)
                    self.pages = table.longValue(at: 4, in: row).map {
                        Int($0)
                    }
                    self.published = try table.valueRequired(at: 5, in: row)
                    self.genre = try table.valueRequired(at: 6, in: row)
                    self.tags = try table.value(at: 7, in: row)
                }
                static func column(for keyPath: AnyKeyPath) -> SQLColumn? {
                    if keyPath == \\Self.id {
                        return Self.id
                    }
                    if keyPath == \\Self.authorID {
                        return Self.authorID
                    }
                    if keyPath == \\Self.title {
                        return Self.title
                    }
                    if keyPath == \\Self.price {
                        return Self.price
                    }
                    if keyPath == \\Self.pages {
                        return Self.pages
                    }
                    if keyPath == \\Self.published {
                        return Self.published
                    }
                    if keyPath == \\Self.genre {
                        return Self.genre
                    }
                    if keyPath == \\Self.tags {
                        return Self.tags
                    }
                    return nil
                }
                func encode(row: inout SQLRow) throws {
                    let table = Self.table
                    table.setValue(SQLValue(self.id), at: 0, in: &row)
                    table.setValue(SQLValue(self.authorID), at: 1, in: &row)
                    table.setValue(SQLValue(self.title), at: 2, in: &row)
                    if self.price != nil {
                        table.setValue(SQLValue(self.price), at: 3, in: &row)
                    }
                    table.setValue(SQLValue(self.pages), at: 4, in: &row)
                    table.setValue(try SQLTable.sqlValue(self.published), at: 5, in: &row)
                    table.setValue(try SQLTable.sqlValue(self.genre), at: 6, in: &row)
                    table.setValue(try SQLTable.sqlValue(self.tags), at: 7, in: &row)
                }
            }
            """)
    }

    @Test func aPublicRecordGetsPublicMembersAndTheTypesNameAsItsTable() {
        expand("""
            @SQLRecord
            public struct Tag {
                public var name: String
                public var uses, views: Swift.Int
            }
            """, """
            public struct Tag {
                public var name: String
                public var uses, views: Swift.Int
            }

            extension Tag: SQLCodable {
                public static let name = SQLColumn(name: "name", type: .text, nullable: false)
                public static let uses = SQLColumn(name: "uses", type: .long, nullable: false)
                public static let views = SQLColumn(name: "views", type: .long, nullable: false)
                public static let table = SQLTable(name: "Tag", columns: [Self.name, Self.uses, Self.views])
                public init(row: SQLRow, context: SQLContext) throws {
                    let table = Self.table
                    self.name = try table.textValueRequired(at: 0, in: row)
                    self.uses = Int(try table.longValueRequired(at: 1, in: row))
                    self.views = Int(try table.longValueRequired(at: 2, in: row))
                }
                public static func column(for keyPath: AnyKeyPath) -> SQLColumn? {
                    if keyPath == \\Self.name {
                        return Self.name
                    }
                    if keyPath == \\Self.uses {
                        return Self.uses
                    }
                    if keyPath == \\Self.views {
                        return Self.views
                    }
                    return nil
                }
                public func encode(row: inout SQLRow) throws {
                    let table = Self.table
                    table.setValue(SQLValue(self.name), at: 0, in: &row)
                    table.setValue(SQLValue(self.uses), at: 1, in: &row)
                    table.setValue(SQLValue(self.views), at: 2, in: &row)
                }
            }
            """)
    }

    @Test func whatCannotBeStoredIsReportedWhereItIs() {
        let advice = "Store Int, Int64, Int32, Double, Bool, String, Data, Date, UUID, URL, a SQLColumnValue, a RawRepresentable enum of one, or any Codable value (stored as JSON text), or their optionals; keep anything else out of the table with @Transient"
        expand("""
            @SQLRecord
            struct Bad {
                var callback: () -> Void
                var pair: (Int, Int)
                var twice: Int??
                let fixed: Int = 3
                var untyped = 4
                lazy var late: Int = 5
                @Transient var noDefault: Int
                var table: String
                @Column(references: Other.id) var other: Int64
                var good: Int64
            }
            """, """
            struct Bad {
                var callback: () -> Void
                var pair: (Int, Int)
                var twice: Int??
                let fixed: Int = 3
                var untyped = 4
                lazy var late: Int = 5
                var noDefault: Int
                var table: String
                var other: Int64
                var good: Int64
            }

            extension Bad: SQLCodable {
                static let good = SQLColumn(name: "good", type: .long, nullable: false)
                static let table = SQLTable(name: "Bad", columns: [Self.good])
                init(row: SQLRow, context: SQLContext) throws {
                    let table = Self.table
                    self.good = try table.longValueRequired(at: 0, in: row)
                }
                static func column(for keyPath: AnyKeyPath) -> SQLColumn? {
                    if keyPath == \\Self.good {
                        return Self.good
                    }
                    return nil
                }
                func encode(row: inout SQLRow) throws {
                    let table = Self.table
                    table.setValue(SQLValue(self.good), at: 0, in: &row)
                }
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@SQLRecord cannot store () -> Void: a column holds one value. \(advice)", line: 3, column: 19),
                DiagnosticSpec(message: "@SQLRecord cannot store (Int, Int): a column holds one value. \(advice)", line: 4, column: 15),
                DiagnosticSpec(message: "@SQLRecord cannot store Int??: a column holds one optional level. \(advice)", line: 5, column: 16),
                DiagnosticSpec(message: "a let with a value cannot be read from a row; make it a var, or keep it out of the table with @Transient", line: 6, column: 9),
                DiagnosticSpec(message: "give untyped a type: @SQLRecord reads the column type from the declaration", line: 7, column: 9),
                DiagnosticSpec(message: "@SQLRecord cannot store a lazy property; make it a plain var, or keep it out of the table with @Transient", line: 8, column: 14),
                DiagnosticSpec(message: "a @Transient property needs a default value, which records read from the database get", line: 9, column: 20),
                DiagnosticSpec(message: "a stored property named table would clash with SQLCodable's static table; rename it, and name its column with @Column(\"table\")", line: 10, column: 9),
                DiagnosticSpec(message: "references: takes a key path to a stored property of another @SQLRecord type, such as \\Author.id", line: 11, column: 13),
            ])
    }

    @Test func onlyStructs() {
        expand("""
            @SQLRecord
            class Shelf {
                var name: String = ""
            }
            """, """
            class Shelf {
                var name: String = ""
            }
            """, diagnostics: [DiagnosticSpec(message: "@SQLRecord applies to structs", line: 1, column: 1)])
    }
}
