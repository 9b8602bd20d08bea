@testable import PortableSQLCodable
import Testing

/// A column keeps its declaration apart from its name: copies share it, and equality still
/// compares every part, as a `Hashable` value of all its fields would.
@Suite struct SQLColumnEqualityTests {
    static let author = SQLTable(name: "author", columns: [SQLColumn(name: "id", type: .long, primaryKey: true)])

    static func column(
        name: String = "title", type: SQLType = .text, primaryKey: Bool = false, autoincrement: Bool = false, unique: Bool = false,
        nullable: Bool = true, defaultValue: SQLValue? = nil, index: SQLIndex? = nil, references: SQLForeignKey? = nil, columnDefinition: String? = nil
    ) -> SQLColumn {
        SQLColumn(
            name: name, type: type, primaryKey: primaryKey, autoincrement: autoincrement, unique: unique, nullable: nullable,
            defaultValue: defaultValue, index: index, references: references, columnDefinition: columnDefinition)
    }

    @Test func columnsDeclaredAlikeAreEqualAndHashAlike() {
        let reference = SQLForeignKey(table: Self.author, column: Self.author.columns[0], onDelete: .cascade)
        let one = Self.column(unique: true, defaultValue: "untitled", index: SQLIndex(name: "by_title"), references: reference)
        let other = Self.column(unique: true, defaultValue: "untitled", index: SQLIndex(name: "by_title"), references: reference)
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        let copy = one
        #expect(copy.definition === one.definition)
        #expect(copy == one)
        #expect(Set([one, other, copy]).count == 1)
    }

    @Test func everyPartOfTheDeclarationTellsColumnsApart() {
        let base = Self.column()
        let variants: [(String, SQLColumn)] = [
            ("name", Self.column(name: "Title")),
            ("type", Self.column(type: .long)),
            ("primaryKey", Self.column(primaryKey: true)),
            ("autoincrement", Self.column(autoincrement: true)),
            ("unique", Self.column(unique: true)),
            ("nullable", Self.column(nullable: false)),
            ("defaultValue", Self.column(defaultValue: .null)),
            ("index", Self.column(index: SQLIndex(name: "by_title"))),
            ("references", Self.column(references: SQLForeignKey(table: Self.author, column: Self.author.columns[0]))),
            ("columnDefinition", Self.column(columnDefinition: "title TEXT COLLATE NOCASE")),
        ]
        for (part, variant) in variants {
            #expect(variant != base, "\(part)")
        }
        #expect(Self.column(index: SQLIndex(name: "a")) != Self.column(index: SQLIndex(name: "a", unique: true)))
    }

    @Test func theDeclarationReadsBackAsGiven() {
        let column = Self.column(
            type: .real, primaryKey: true, autoincrement: true, unique: true, nullable: false, defaultValue: .real(1.5),
            index: SQLIndex(name: "i"), columnDefinition: "title REAL")
        #expect(column.name == "title")
        #expect(column.type == .real)
        #expect(column.primaryKey && column.autoincrement && column.unique && !column.nullable)
        #expect(column.defaultValue == .real(1.5))
        #expect(column.index == SQLIndex(name: "i"))
        #expect(column.references == nil)
        #expect(column.columnDefinition == "title REAL")
    }
}
