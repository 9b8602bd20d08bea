import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// The examples of PortableSQL's DocC articles for functions, backup, ATTACH, schema and observation, as written there.
@Suite(.timeLimit(.minutes(5))) struct ReadmeExtrasTests {
    @Test func functionsAggregatesAndCollations() throws {
        let db = SQLContext()
        try db.exec(sql: "CREATE TABLE player (name TEXT, team TEXT, score REAL)")
        try db.exec(sql: "INSERT INTO player VALUES ('Ada Lovelace', 'x', 2), ('Alan Mathison Turing', 'y', 3), ('Bo', 'y', 4)")
        try db.createFunction("initials", argumentCount: 1, deterministic: true) { arguments in
            .text(String((arguments[0].textValue ?? "").split(separator: " ").compactMap(\.first)))
        }
        try db.createAggregate("product", argumentCount: 1, initialState: 1.0,
                               step: { product, arguments in product *= arguments[0].realValue ?? 1 },
                               result: { .real($0) })
        try db.createCollation("by_length") { left, right in
            left.count == right.count ? left.compare(right) : (left.count < right.count ? .orderedAscending : .orderedDescending)
        }
        let products = try db.selectAll(sql: "SELECT team, product(score) FROM player GROUP BY team")
        let shortestFirst = try db.selectAll(sql: "SELECT initials(name) FROM player ORDER BY name COLLATE by_length")
        #expect(products == [[.text("x"), .real(2)], [.text("y"), .real(12)]])
        #expect(shortestFirst == [[.text("B")], [.text("AL")], [.text("AMT")]])
    }

    @Test func backupVacuumAndIntegrity() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("app.sqlite"))
        try db.execute(script: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let shouldStop = false
        var printed: [String] = []
        try db.backup(toPath: directory.path("backup.sqlite"), pagesPerStep: 256) { copied, total in
            printed.append("\(copied) of \(total) pages")
            return !shouldStop
        }
        try db.vacuum(into: directory.path("app-compact.sqlite"))
        let problems = try db.integrityCheck()
        #expect(problems.isEmpty && printed.last.map { $0.split(separator: " ")[0] == $0.split(separator: " ")[2] } == true, "\(printed)")
        #expect(try sqlite3(directory.path("backup.sqlite"), "SELECT sum(x) FROM t;") == "3\n")
        #expect(try sqlite3(directory.path("app-compact.sqlite"), "SELECT sum(x) FROM t;") == "3\n")
    }

    @Test func attachAndSchema() throws {
        let directory = try TemporaryDirectory()
        let archivePath = directory.path("archive.sqlite")
        let db = try SQLContext(path: directory.path("main.sqlite"))
        try db.execute(script: "CREATE TABLE note (title TEXT, year INTEGER); INSERT INTO note VALUES ('old', 2010), ('new', 2024)")
        try db.execute(script: "CREATE TABLE book (id INTEGER PRIMARY KEY, note_title TEXT REFERENCES note (title)); CREATE INDEX book_note ON book (note_title)")
        try db.attach(path: archivePath, as: "archive")
        try db.exec(sql: "CREATE TABLE archive.note (title TEXT, year INTEGER)")
        try db.exec(sql: "INSERT INTO archive.note SELECT * FROM main.note WHERE year < 2020")
        #expect(try db.databases().map(\.name) == ["main", "archive"])
        try db.detach("archive")
        #expect(try sqlite3(archivePath, "SELECT title FROM note;") == "old\n")
        #expect(try db.tables().map(\.name) == ["note", "book"])
        let columns = try db.columns(for: "book")
        let indexes = try db.indexes(on: "book")
        let keys = try db.foreignKeys(of: "book")
        #expect(columns.map(\.primaryKeyPosition) == [1, nil] && indexes.map(\.columns) == [["note_title"]])
        #expect(keys.map(\.referencedTable) == ["note"] && keys.map(\.referencedColumns) == [["title"]])
    }

    @Test func observingAPool() async throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("notes.sqlite"))
        try await pool.write { try $0.exec(sql: "CREATE TABLE note (title TEXT)") }
        var rendered: [[String]] = []
        func render(_ titles: [String]) { rendered.append(titles) }
        Task { try await pool.write { try $0.exec(sql: "INSERT INTO note VALUES ('b'), ('a')") } }
        for try await titles in pool.observe(.tables("note"), fetch: { db in
            try db.selectAll(sql: "SELECT title FROM note ORDER BY title").map { $0[0].textValue ?? "" }
        }) {
            render(titles)
            if titles.count == 2 { break }
        }
        #expect(rendered.last == ["a", "b"])
        try pool.close()
    }
}
