import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// What a killed rewrite or copy leaves beside a database (a plain temporary file with its
/// journal, `-migrated`) is removed by the next call that knows it is stale, and by nothing
/// that cannot know: `Tests/ReliabilityTests/KilledRewriteTests` makes the leftovers by real
/// kills; here they are laid down as those kills leave them, to test each decision alone.
@Suite struct RewriteLeftoverTests {
    /// What killed runs leave beside a database, by name.
    struct Leftovers {
        /// A killed copy's temporary file and journal.
        let ofCopies: [String]
        /// A killed rewrite in place's temporary file (a plain copy of the rows, as
        /// `decryptFile` leaves it) and journal, and `-migrated`.
        let ofRewrites: [String]
        var all: [String] { ofCopies + ofRewrites }
    }

    /// Lays down, beside `database`, what a killed copy and a killed rewrite in place leave.
    static func layLeftovers(beside database: String, in directory: TemporaryDirectory) throws -> Leftovers {
        let name = URL(fileURLWithPath: database).lastPathComponent
        let copy = ".\(name).\(UUID().uuidString).portablesql-tmp"
        let rewrite = ".\(name).\(UUID().uuidString).portablesql-rewrite"
        for file in [copy, rewrite] {
            try sqlite3(directory.path(file), "CREATE TABLE item (body TEXT); INSERT INTO item VALUES ('secret row');")
            try Data("journal".utf8).write(to: directory.url.appendingPathComponent(file + "-journal"))
        }
        try Data("migrated".utf8).write(to: directory.url.appendingPathComponent(name + "-migrated"))
        return Leftovers(ofCopies: [copy, copy + "-journal"], ofRewrites: [rewrite, rewrite + "-journal", name + "-migrated"])
    }

    /// Files of `directory`, sorted.
    static func files(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    @Test func aKeyThatOpensTheDatabaseRemovesItsLeftoversAndNoOthers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.db")
        let writer = try TestEngine.plus.open(path)
        try fillItems(writer, rows: 3)
        try writer.close()
        let leftovers = try Self.layLeftovers(beside: path, in: directory)
        // A journal whose file is gone goes too.
        try Data("journal".utf8).write(to: directory.url.appendingPathComponent(".app.db.\(UUID().uuidString).portablesql-rewrite-journal"))
        // Other databases' leftovers, and files that only look alike, stay.
        let others = try Self.layLeftovers(beside: directory.path("app.db2"), in: directory).all
            + Self.layLeftovers(beside: directory.path("app.db.bak"), in: directory).all + [".app.db.notes", ".app.db.x.portablesql-tmp"]
        for name in [".app.db.notes", ".app.db.x.portablesql-tmp"] {
            try Data("notes".utf8).write(to: directory.url.appendingPathComponent(name))
        }

        let wrong = try SQLContext(path: path, configuration: .plus)
        #expect(throws: SQLError.self) { try wrong.key("not the key") }
        try wrong.close()
        #expect(try Self.files(directory).count == 1 + leftovers.all.count + 1 + others.count)

        let reader = try TestEngine.plus.open(path)
        defer { try? reader.close() }
        #expect(try Self.files(directory) == (["app.db"] + others).sorted())
        #expect(try reader.selectAll(sql: "SELECT count(*) FROM item") == [[3]])
    }

    @Test func anOpenWithoutAKeyRemovesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("plain.db")
        try sqlite3(path, "CREATE TABLE item (body TEXT); INSERT INTO item VALUES ('row');")
        let leftovers = try Self.layLeftovers(beside: path, in: directory)
        let context = try SQLContext(path: path, configuration: .plus)
        defer { try? context.close() }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[1]])
        #expect(try Self.files(directory) == (["plain.db"] + leftovers.all).sorted())
    }

    @Test func aKeyOnANewEmptyFileRemovesOnlyTheLeftoversOfCopies() throws {
        // The database is gone: a rewrite's temporary file may be all that is left of it.
        let directory = try TemporaryDirectory()
        let path = directory.path("gone.db")
        let leftovers = try Self.layLeftovers(beside: path, in: directory)
        let context = try TestEngine.plus.open(path)
        defer { try? context.close() }
        #expect(try Self.files(directory) == (["gone.db"] + leftovers.ofRewrites).sorted())
    }

    @Test(arguments: TestEngine.both)
    func aCopyRemovesTheLeftoversOfCopiesToItsDestinationFirst(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let source = try engine.open(directory.path("source.db"))
        defer { try? source.close() }
        try fillItems(source, rows: 3)
        let copy = directory.path("copy.db")
        // No database is at the destination, so those of a rewrite in place of it stay.
        let leftovers = try Self.layLeftovers(beside: copy, in: directory)
        if let key = engine.key {
            try source.backup(toPath: copy, key: key)
        } else {
            try source.backup(toPath: copy)
        }
        #expect(try Self.files(directory) == (["copy.db", "source.db"] + leftovers.ofRewrites).sorted())
        try FileManager.default.removeItem(atPath: copy)
        let again = try Self.layLeftovers(beside: copy, in: directory)
        try source.vacuum(into: copy)
        #expect(try Self.files(directory) == Set(["copy.db", "source.db"] + leftovers.ofRewrites + again.ofRewrites).sorted())
    }

    @Test func aRewriteInPlaceRemovesEveryLeftoverOnceTheDatabaseOpens() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.db")
        try sqlite3(path, "CREATE TABLE item (body TEXT); INSERT INTO item VALUES ('row');")
        _ = try Self.layLeftovers(beside: path, in: directory)
        try SQLContext.encryptFile(at: path, to: path, key: TestEngine.testKey)
        #expect(try Self.files(directory) == ["app.db"])
    }

    @Test func aCopyRefusedBecauseItsDestinationExistsRemovesOnlyASecondNameOfIt() throws {
        let directory = try TemporaryDirectory()
        let source = try TestEngine.plus.open(directory.path("source.db"))
        defer { try? source.close() }
        try fillItems(source, rows: 3)
        let copy = directory.path("copy.db")
        try source.export(copy, key: nil)
        // A kill between the copy's two names leaves its temporary name as a hard link.
        let secondName = ".copy.db.\(UUID().uuidString).portablesql-tmp"
        try #require(link(copy, directory.path(secondName)) == 0)
        let stranger = ".copy.db.\(UUID().uuidString).portablesql-tmp"
        try Data("not the copy".utf8).write(to: directory.url.appendingPathComponent(stranger))

        let error = try #require(throws: SQLError.self) { try source.export(copy, key: nil) }
        #expect(error.code == .cantOpen)
        #expect(try Self.files(directory) == [stranger, "copy.db", "source.db"])
        #expect(try sqlite3(copy, "SELECT count(*) FROM item;") == "3\n")
    }

    @Test func anUpgradeRemovesTheLeftoversOfTheDatabaseOnceItsKeyOpensIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v4.db")
        let writer = try SQLContext(path: path, configuration: .plus)
        try writer.key("upgrade key")
        try fillItems(writer, rows: 2)
        try writer.close()
        let leftovers = try Self.layLeftovers(beside: path, in: directory)
        #expect(throws: SQLError.self) { try SQLContext.upgradeCipherFormat(at: path, key: "wrong key") }
        #expect(try Self.files(directory).count == 1 + leftovers.all.count)
        let upgrade = try SQLContext.upgradeCipherFormat(at: path, key: "upgrade key")
        #expect(!upgrade.migrated)
        #expect(try Self.files(directory) == ["v4.db"])
    }
}
