import ArgumentParser
import Foundation
import PortableSQL

/// `sqlctx demo`: a guided run of PortableSQL on a fresh database in a temporary folder.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a short guided tour of PortableSQL on a fresh database.",
        discussion: "Example: sqlctx demo --keep ./demo-output"
    )

    @Option(name: .long, help: "Write the demo database into this folder and keep it (default: a temporary folder, removed afterwards).")
    var keep: String?

    func run() throws {
        let folder: URL
        if let keep {
            folder = URL(fileURLWithPath: keep, isDirectory: true)
        } else {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlctx-demo-\(UUID().uuidString)", isDirectory: true)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        try DemoTour(folder: folder).run()
    }
}

/// The steps of the demo, each printed as it runs.
struct DemoTour {
    let folder: URL

    func step(_ title: String) {
        print("\n== \(title)")
    }

    func run() throws {
        let path = folder.appendingPathComponent("demo.sqlite").path
        try? FileManager.default.removeItem(atPath: path)
        step("Open \(path)")
        let context = try SQLContext(path: path)
        defer { context.close() }
        print("engine: SQLite \(context.version); foreign keys enforced: \(context.foreignKeysEnabled)")

        step("Migrate the schema with userVersion")
        let applied = try context.migrate([
            SQLMigration(version: 1, name: "create tables", sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL REFERENCES author(id) ON DELETE CASCADE,
                                   title TEXT NOT NULL, year INTEGER);
                """),
            SQLMigration(version: 2, name: "index books by year", sql: "CREATE INDEX book_year ON book(year)"),
        ])
        print("applied versions \(applied.map(String.init).joined(separator: ", ")); userVersion is now \(context.userVersion)")

        step("Insert rows in one transaction through a prepared statement")
        let books: [(String, String, Int64)] = [
            ("Ursula K. Le Guin", "A Wizard of Earthsea", 1968), ("Ursula K. Le Guin", "The Dispossessed", 1974),
            ("Iain M. Banks", "Consider Phlebas", 1987), ("Iain M. Banks", "The Player of Games", 1988),
            ("Octavia E. Butler", "Kindred", 1979),
        ]
        try context.transaction {
            let insertBook = try context.prepare(sql: "INSERT INTO book (author_id, title, year) VALUES (?, ?, ?)")
            defer { insertBook.close() }
            for (author, title, year) in books {
                try context.exec(sql: "INSERT OR IGNORE INTO author (name) VALUES (?)", parameters: [.text(author)])
                let authorID = try context.selectAll(sql: "SELECT id FROM author WHERE name = ?", parameters: [.text(author)])[0][0]
                try insertBook.update(parameters: [authorID, .text(title), .long(year)])
            }
        }
        print("inserted \(books.count) books by \(try context.selectAll(sql: "SELECT count(*) FROM author")[0][0]) authors")

        step("Query with bound parameters")
        let query = try context.prepare(sql: """
            SELECT author.name, book.title, book.year FROM book JOIN author ON author.id = book.author_id
            WHERE book.year < :year ORDER BY book.year
            """)
        defer { query.close() }
        try query.bind(.long(1980), named: "year")
        while try query.next() {
            print("  \(try query.long(at: 2))  \(try query.text(at: 1) ?? "")  (\(try query.text(at: 0) ?? ""))")
        }

        step("A failing transaction rolls back as a whole")
        do {
            try context.transaction {
                try context.exec(sql: "INSERT INTO book (author_id, title) VALUES (1, 'Tales from Earthsea')")
                try context.exec(sql: "INSERT INTO author (name) VALUES ('Iain M. Banks')")
            }
        } catch let error as SQLError {
            print("caught \(error.extendedCode.name): \(error.message)")
        }
        print("books still: \(try context.selectAll(sql: "SELECT count(*) FROM book")[0][0])")

        step("Foreign keys cascade")
        try context.exec(sql: "DELETE FROM author WHERE name = ?", parameters: ["Iain M. Banks"])
        print("after deleting an author, books left: \(try context.selectAll(sql: "SELECT count(*) FROM book")[0][0])")
    }
}
