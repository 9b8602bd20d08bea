#if Tool
import ArgumentParser
import Foundation
import PortableSQLCodable
import PortableSQLPlus

/// `sqlctx demo`: a guided run of PortableSQL on a fresh database in a temporary folder.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a guided tour of PortableSQL on a fresh database.",
        discussion: """
            Migrates a schema, stores records, queries them with a predicate and a join, then \
            encrypts the database with SQLCipher and proves that the file is ciphertext.

            Example: sqlctx demo --keep ./demo-output
            """
    )

    @Option(name: .long, help: "Write the demo's databases into this folder and keep them (default: a temporary folder, removed afterwards).")
    var keep: String?

    func run() throws {
        try reportingErrors {
            let folder: URL
            if let keep {
                folder = URL(fileURLWithPath: keep, isDirectory: true)
            } else {
                folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlctx-demo-\(UUID().uuidString)", isDirectory: true)
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
            try DemoTour(folder: folder, kept: keep != nil).run()
        }
    }
}

/// The steps of the demo, each printed as it runs.
struct DemoTour {
    let folder: URL
    /// Whether the folder stays after the demo.
    let kept: Bool

    private func step(_ number: Int, _ title: String) {
        print("\n[\(number)] \(title)")
    }

    func run() throws {
        let plainPath = folder.appendingPathComponent("library.sqlite").path
        let encryptedPath = folder.appendingPathComponent("library-encrypted.sqlite").path
        for path in [plainPath, encryptedPath] { try? FileManager.default.removeItem(atPath: path) }

        step(1, "Open a fresh database")
        let context = try SQLContext(path: plainPath)
        defer { try? context.close() }
        print("    \(plainPath)")
        print("    engine: system SQLite \(context.version); foreign keys enforced: \(context.foreignKeysEnabled)")

        step(2, "Migrate the schema (user_version \(context.userVersion) → …)")
        let applied = try context.migrate([
            SQLMigration(version: 1, name: "authors") { try $0.createTableIfNotExists(DemoAuthor.self) },
            SQLMigration(version: 2, name: "books") { try $0.createTableIfNotExists(DemoBook.self) },
        ])
        print("    applied migrations \(applied.map(String.init).joined(separator: ", ")); user_version is now \(context.userVersion)")

        step(3, "Insert SQLCodable records in one transaction")
        let catalogue: [(String, [(String, Int)])] = [
            ("Ursula K. Le Guin", [("A Wizard of Earthsea", 1968), ("The Left Hand of Darkness", 1969), ("The Dispossessed", 1974)]),
            ("Octavia E. Butler", [("Kindred", 1979), ("Parable of the Sower", 1993)]),
            ("Iain M. Banks", [("Consider Phlebas", 1987), ("The Player of Games", 1988)]),
        ]
        try context.transaction {
            for (name, books) in catalogue {
                let author = try context.insert(DemoAuthor(name: name))
                try context.insertAll(books.map { DemoBook(authorID: author.id, title: $0.0, year: $0.1) })
            }
        }
        print("    \(try context.count(DemoAuthor.self)) authors, \(try context.count(DemoBook.self)) books; ids assigned by the database")

        step(4, "Query with a predicate (every value is a bound parameter)")
        let query = context.query(DemoBook.self)
            .where(DemoBook.year.between(1970, 1990).and(.not(DemoBook.title.like("%the%"))))
            .orderBy(DemoBook.year)
        print("    SQL: \(query.expression.sql)")
        print("    parameters: \(query.expression.bindings.map(\.description).joined(separator: ", "))")
        for result in try query.eval() {
            let book = try result.get()
            print("    \(book.year)  \(book.title)")
        }

        step(5, "Join authors to their books through the foreign key")
        let pairs = try context.query(DemoAuthor.self, alias: "a")
            .join(DemoBook.self, alias: "b", kind: .inner, on: DemoBook.authorID)
            .orderBy(DemoAuthor.name).orderBy(DemoBook.year)
            .eval().load()
        for case let (author?, book?) in pairs {
            print("    \(author.name.padding(toLength: 18, withPad: " ", startingAt: 0))  \(book.title)")
        }

        step(6, "A failing transaction rolls back as a whole")
        do {
            try context.transaction {
                try context.insert(DemoBook(authorID: 1, title: "Tales from Earthsea", year: 2001))
                try context.insert(DemoAuthor(name: "Iain M. Banks"))
            }
        } catch let error as SQLError {
            print("    caught \(error.extendedCode.name): \(error.message)")
        }
        print("    books still: \(try context.count(DemoBook.self))")
        try context.close()

        step(7, "Encrypt the database with SQLCipher (configuration: .plus)")
        print("    engine: \(describeCipherEngine())")
        let key = "demo passphrase"
        try SQLContext.encryptFile(at: plainPath, to: encryptedPath, key: .passphrase(key))
        let header = Data("SQLite format 3\0".utf8)
        let plainStart = try FileHandle(forReadingFrom: URL(fileURLWithPath: plainPath)).read(upToCount: 16) ?? Data()
        let encryptedStart = try FileHandle(forReadingFrom: URL(fileURLWithPath: encryptedPath)).read(upToCount: 16) ?? Data()
        print("    plain file starts with     \(Self.hex(plainStart))  (\"SQLite format 3\")")
        print("    encrypted file starts with \(Self.hex(encryptedStart))")
        let encryptedBytes = try Data(contentsOf: URL(fileURLWithPath: encryptedPath))
        let leaks = encryptedBytes.range(of: Data("Earthsea".utf8)) != nil
        guard encryptedStart != header, !leaks else {
            throw CommandFailure("the encrypted file is not ciphertext")
        }
        print("    no SQLite header, and no title to be found in its bytes")

        step(8, "Read it back with the key")
        let encrypted = try SQLContext(path: encryptedPath, configuration: .plus)
        defer { try? encrypted.close() }
        do {
            try encrypted.key("wrong passphrase")
        } catch let error as SQLError {
            print("    wrong key → \(error.extendedCode.name): \(error.message)")
        }
        try encrypted.key(.passphrase(key))
        let books = try encrypted.fetchAll(DemoBook.self, orderBy: DemoBook.year, order: .descending, limit: 2)
        print("    SQLCipher \(encrypted.cipherVersion ?? "?") (SQLite \(encrypted.version)); user_version \(encrypted.userVersion)")
        print("    newest: " + books.map { "\($0.title) (\($0.year))" }.joined(separator: ", "))

        step(9, "JSON and full-text search, under encryption")
        try Self.searchEncrypted(encrypted)
        print(kept ? "\nDone. Try: sqlctx info \(encryptedPath) --ask-key" : "\nDone. (Run with --keep DIR to keep the databases.)")
    }

    /// Builds a JSON profile per author and an FTS5 index of titles in the encrypted database,
    /// and queries both; says so when the engine lacks either.
    private static func searchEncrypted(_ context: SQLContext) throws {
        guard context.supports(.jsonFunction), context.supports(.fts5) else {
            print("    skipped: SQLCipher \(context.cipherVersion ?? "?") (SQLite \(context.version)) has \(context.supports(.jsonFunction) ? "" : "no JSON functions ")\(context.supports(.fts5) ? "" : "no FTS5")")
            return
        }
        try context.execute(script: """
            CREATE TABLE author_profile (author_id INTEGER PRIMARY KEY, profile TEXT NOT NULL);
            INSERT INTO author_profile (author_id, profile)
                SELECT a.id, json_object('name', a.name, 'books', json_group_array(b.title))
                FROM author a JOIN book b ON b.author_id = a.id GROUP BY a.id;
            CREATE VIRTUAL TABLE title_search USING fts5(title);
            INSERT INTO title_search (title) SELECT title FROM book;
            """)
        let profiles = try context.selectAll(sql: """
            SELECT json_extract(profile, '$.name'), json_array_length(profile, '$.books')
            FROM author_profile WHERE json_array_length(profile, '$.books') >= ? ORDER BY 1
            """, parameters: [3])
        for row in profiles {
            print("    json_extract: \(row[0].textValue ?? "?") wrote \(row[1].longValue ?? 0) of the books")
        }
        let matches = try context.selectAll(sql: "SELECT title FROM title_search WHERE title_search MATCH ? ORDER BY rank", parameters: ["dark* OR game*"])
        print("    fts5 MATCH 'dark* OR game*': " + matches.compactMap { $0.first?.textValue }.joined(separator: ", "))
    }

    private static func hex(_ bytes: Data) -> String {
        bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
    }
}
#endif
