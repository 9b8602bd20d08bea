import Foundation
import PortableSQLMacros
import PortableSQLTestSupport
import Testing

// The @SQLRecord sample of PortableSQLCodable's article RecordsWithSQLRecord.md, as written there.

@SQLRecord(table: "writer")
struct Writer {
    @Column(primaryKey: true, autoincrement: true) var id: Int64 = 0   // 0: the database assigns it
    @Column(unique: true) var name: String
    var born: Int?                                                     // optional: a nullable column
}

@SQLRecord(table: "novel")
struct Novel {
    @Column(primaryKey: true) var id: Int64?                           // nil: the database assigns it
    @Column("writer_id", index: SQLIndex(name: "novel_writer"), references: \Writer.id, onDelete: .cascade)
    var writerID: Int64
    var title: String
    var published: Date?
    var format: Format = .paperback                                    // stored as its raw value
}

enum Format: String { case paperback, hardcover, ebook }

@Suite struct ReadmeMacroSampleTests {
    @Test func theSampleRunsAsTheReadmeSays() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("novels.sqlite"))
        db.foreignKeysEnabled = true  // SQLite's default is off
        try db.createTableIfNotExists(Writer.self)
        try db.createTableIfNotExists(Novel.self)
        let butler = try db.insert(Writer(name: "Octavia E. Butler", born: 1947))
        try db.insert(Novel(writerID: butler.id, title: "Kindred", format: .hardcover))
        let hardcovers = try db.fetchAll(Novel.self, where: Novel.format.equals("hardcover"), orderBy: Novel.title)

        #expect(butler.id == 1)
        #expect(hardcovers.map(\.title) == ["Kindred"])
        #expect(hardcovers.first?.id == 1 && hardcovers.first?.format == .hardcover && hardcovers.first?.published == nil)
        #expect(try sqlite3(directory.path("novels.sqlite"), "SELECT writer_id, format FROM novel;") == "1|hardcover\n")
        try db.delete(butler)
        #expect(try db.count(Novel.self) == 0)
    }
}
