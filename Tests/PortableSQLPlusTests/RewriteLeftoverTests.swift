import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What a killed rewrite or copy leaves beside a database (a plain temporary file with its
/// journal, `-migrated`) is removed by the next call that knows it is stale, and by nothing
/// that cannot know: `Tests/ReliabilityTests/KilledRewriteTests` makes the leftovers by real
/// kills; here they are laid down as those kills leave them, to test each decision alone.
@Suite struct RewriteLeftoverTests {
    /// Writes, beside `database`, a plain database of rows as a killed `decryptFile` leaves it,
    /// with a journal, and `-migrated` as a killed upgrade leaves it; returns their names.
    static func layLeftovers(beside database: String, in directory: TemporaryDirectory) throws -> [String] {
        let name = URL(fileURLWithPath: database).lastPathComponent
        let temporary = ".\(name).\(UUID().uuidString).portablesql-tmp"
        try sqlite3(directory.path(temporary), "CREATE TABLE item (body TEXT); INSERT INTO item VALUES ('secret row');")
        try Data("journal".utf8).write(to: directory.url.appendingPathComponent(temporary + "-journal"))
        try Data("migrated".utf8).write(to: directory.url.appendingPathComponent(name + "-migrated"))
        return [temporary, temporary + "-journal", name + "-migrated"]
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
        writer.close()
        _ = try Self.layLeftovers(beside: path, in: directory)
        // A journal whose file is gone goes too.
        try Data("journal".utf8).write(to: directory.url.appendingPathComponent(".app.db.\(UUID().uuidString).portablesql-tmp-journal"))
        // Other databases' leftovers, and files that only look alike, stay.
        let others = try Self.layLeftovers(beside: directory.path("app.db2"), in: directory)
            + Self.layLeftovers(beside: directory.path("app.db.bak"), in: directory) + [".app.db.notes", ".app.db.x.portablesql-tmp"]
        for name in [".app.db.notes", ".app.db.x.portablesql-tmp"] {
            try Data("notes".utf8).write(to: directory.url.appendingPathComponent(name))
        }

        let wrong = try SQLContext(path: path, configuration: .plus)
        #expect(throws: SQLError.self) { try wrong.key("not the key") }
        wrong.close()
        #expect(try Self.files(directory).count == 1 + 4 + others.count)

        let reader = try TestEngine.plus.open(path)
        defer { reader.close() }
        #expect(try Self.files(directory) == (["app.db"] + others).sorted())
        #expect(try reader.selectAll(sql: "SELECT count(*) FROM item") == [[3]])
    }

    @Test func anOpenWithoutAKeyRemovesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("plain.db")
        try sqlite3(path, "CREATE TABLE item (body TEXT); INSERT INTO item VALUES ('row');")
        let leftovers = try Self.layLeftovers(beside: path, in: directory)
        let context = try SQLContext(path: path, configuration: .plus)
        defer { context.close() }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[1]])
        #expect(try Self.files(directory) == (["plain.db"] + leftovers).sorted())
    }

    @Test func aKeyOnANewEmptyFileRemovesNothing() throws {
        // The database is gone: the temporary file may be all that is left of it.
        let directory = try TemporaryDirectory()
        let path = directory.path("gone.db")
        let leftovers = try Self.layLeftovers(beside: path, in: directory)
        let context = try TestEngine.plus.open(path)
        defer { context.close() }
        #expect(try Self.files(directory) == (["gone.db"] + leftovers).sorted())
    }

    @Test(arguments: TestEngine.both)
    func aCopyRemovesTheLeftoversOfItsDestinationFirst(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let source = try engine.open(directory.path("source.db"))
        defer { source.close() }
        try fillItems(source, rows: 3)
        let copy = directory.path("copy.db")
        _ = try Self.layLeftovers(beside: copy, in: directory)
        if let key = engine.key {
            try source.backup(toPath: copy, key: key)
        } else {
            try source.backup(toPath: copy)
        }
        #expect(try Self.files(directory) == ["copy.db", "source.db"])
        _ = try Self.layLeftovers(beside: copy, in: directory)
        try FileManager.default.removeItem(atPath: copy)
        try source.vacuum(into: copy)
        #expect(try Self.files(directory) == ["copy.db", "source.db"])
    }

    @Test func aCopyRefusedBecauseItsDestinationExistsRemovesOnlyASecondNameOfIt() throws {
        let directory = try TemporaryDirectory()
        let source = try TestEngine.plus.open(directory.path("source.db"))
        defer { source.close() }
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
        writer.close()
        _ = try Self.layLeftovers(beside: path, in: directory)
        #expect(throws: SQLError.self) { try SQLContext.upgradeCipherFormat(at: path, key: "wrong key") }
        #expect(try Self.files(directory).count == 4)
        let upgrade = try SQLContext.upgradeCipherFormat(at: path, key: "upgrade key")
        #expect(!upgrade.migrated)
        #expect(try Self.files(directory) == ["v4.db"])
    }
}
