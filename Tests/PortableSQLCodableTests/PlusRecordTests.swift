import Foundation
import PortableSQLCodable
@testable import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// The mapping layer works the same on an encrypted `.plus` database.
@Suite struct PlusRecordTests {
    @Test func recordsOnAnEncryptedDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        do {
            let context = try SQLContext(path: path, configuration: .plus.strict(.foreignKeys))
            try context.key("library key")
            let (authors, _) = try makeLibrary(context)
            try context.save(Author(id: authors[2].id, name: "Somebody", born: 1990))
            let joined = try context.query(Author.self, alias: "a").join(Book.self, alias: "b", kind: .left, on: Book.authorID)
                .where(Author.born.greaterThan(1950)).orderBy(Book.title.alias("b")).eval().load()
            #expect(joined.map { $0.1?.title ?? "-" } == ["-", "Consider Phlebas", "Excession", "Look to Windward"])
            try context.delete(authors[0])
            #expect(try context.count(Book.self) == 3)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data("Excession".utf8)) == nil)
        #expect(!bytes.starts(with: Data("SQLite format 3".utf8)))

        let reopened = try SQLContext(path: path, configuration: .plus)
        try reopened.key("library key")
        #expect(try reopened.fetchAll(Author.self, orderBy: Author.id).map(\.name) == ["Banks", "Somebody"])
        #expect(try sqlcipher(path, "PRAGMA key = 'library key';\nSELECT count(*) FROM book;") == "3\n")
    }

    /// Schema helpers on SQLCipher 3.4.1 (SQLite 3.15), which has no `pragma_table_info()`.
    @Test(.enabled(
        if: FileManager.default.fileExists(atPath: systemSQLCipherLibrary) && !SharedLibraryFile.sanitizerIsLoaded,
        "needs Debian's SQLCipher 3 library, which cannot load under a sanitizer"))
    func schemaHelpersOnSQLite315() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("v3.db"), configuration: .sqlcipher(libraryAt: systemSQLCipherLibrary))
        try context.key("old engine")
        #expect(context.version == "3.15.2")
        for statement in Employee.table.createTableSQL() { try context.exec(statement) }
        let ada = try context.insert(Employee(name: "Ada"))
        #expect(ada.id == 1 && ada.level == 1)
        #expect(try context.addColumnIfNotExists(SQLColumn(name: "email", type: .text), to: Employee.table))
        #expect(try !context.addColumnIfNotExists(SQLColumn(name: "email", type: .text), to: Employee.table))
        #expect(try context.columns(for: "employee").map(\.name) == ["id", "name", "manager_id", "level", "email"])
        #expect(try context.tableExists("employee") && context.tables().map(\.name) == ["employee"])
        #expect(context.supports(feature: .rowValueSyntax) && !context.supports(feature: .upsert) && !context.supports(feature: .renameColumn))
    }
}
