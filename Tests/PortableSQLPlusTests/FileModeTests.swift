import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// Files PortableSQL writes are never more readable than their source, while they are written
/// and after; a file rewritten in place keeps its mode and owner.
@Suite struct FileModeTests {
    /// The permission bits of the file at `path`; `nil` when there is none.
    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    /// The owner of the file at `path`; `nil` when there is none.
    static func owner(_ path: String) -> uid_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_uid : nil
    }

    /// A database of 400 rows at `path` on `engine`, then given `mode`.
    static func makeSource(_ path: String, engine: TestEngine, mode: mode_t) throws -> SQLContext {
        let context = try engine.open(path)
        try fillItems(context, rows: 400)
        try #require(chmod(path, mode) == 0)
        return context
    }

    @Test(arguments: TestEngine.both)
    func copiesOfAPrivateFileArePrivate(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let source = try Self.makeSource(directory.path("private.db"), engine: engine, mode: 0o600)
        defer { try? source.close() }

        // While the backup is written, its temporary file and journal are already private.
        let backup = directory.path("backup.db")
        var seen: [mode_t] = []
        let watch: (Int, Int) -> Bool = { _, _ in
            seen += Self.temporaryFiles(in: directory).compactMap(Self.mode)
            return true
        }
        if let key = engine.key {
            try source.backup(toPath: backup, key: key, pagesPerStep: 20, progress: watch)
        } else {
            try source.backup(toPath: backup, pagesPerStep: 20, progress: watch)
        }
        #expect(seen.count > 5 && seen.allSatisfy { $0 == 0o600 }, "\(seen.map { String($0, radix: 8) })")

        let vacuumed = directory.path("vacuumed.db")
        try source.vacuum(into: vacuumed)
        var copies = [backup, vacuumed]
        if engine.key != nil {
            try source.export(directory.path("exported-plain.db"), key: nil)
            try source.export(directory.path("exported.db"), key: .passphrase("other key"))
            copies += [directory.path("exported-plain.db"), directory.path("exported.db")]
        }
        for copy in copies {
            #expect(Self.mode(copy) == 0o600, "\(copy)")
        }
        #expect(try engine.open(vacuumed).selectAll(sql: "SELECT count(*) FROM item") == [[400]])
    }

    /// The temporary files of copies and rewrites in `directory`, journals included.
    static func temporaryFiles(in directory: TemporaryDirectory) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []
        return names.filter { $0.contains(".portablesql-tmp") }.map(directory.path)
    }

    @Test(arguments: TestEngine.both)
    func temporaryFilesArePrivateWhateverTheSourcesMode(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let source = try Self.makeSource(directory.path("shared.db"), engine: engine, mode: 0o644)
        defer { try? source.close() }
        // The copy is written under a temporary name, mode 0600 with its journal; it gets the
        // source's mode only once complete, as it takes its name.
        var seen: [String: mode_t] = [:]
        let watch: (Int, Int) -> Bool = { _, _ in
            for file in Self.temporaryFiles(in: directory) { seen[URL(fileURLWithPath: file).lastPathComponent] = Self.mode(file) }
            return true
        }
        if let key = engine.key {
            try source.backup(toPath: directory.path("backup.db"), key: key, pagesPerStep: 20, progress: watch)
        } else {
            try source.backup(toPath: directory.path("backup.db"), pagesPerStep: 20, progress: watch)
        }
        #expect(seen.keys.contains { $0.hasPrefix(".backup.db.") && $0.hasSuffix(".portablesql-tmp") }, "\(seen)")
        #expect(seen.keys.contains { $0.hasSuffix(".portablesql-tmp-journal") }, "\(seen)")
        #expect(seen.values.allSatisfy { $0 == 0o600 }, "\(seen)")
        #expect(Self.mode(directory.path("backup.db")) == 0o644)
        #expect(Self.temporaryFiles(in: directory) == [])
    }

    @Test func aCopyTakesTheSourcesBitsWhateverTheyAre() throws {
        let directory = try TemporaryDirectory()
        let source = try Self.makeSource(directory.path("shared.db"), engine: .platform, mode: 0o640)
        defer { try? source.close() }
        try source.vacuum(into: directory.path("copy.db"))
        #expect(Self.mode(directory.path("copy.db")) == 0o640)
        // A file that is taken is refused before anything is created or changed.
        try #require(chmod(directory.path("copy.db"), 0o604) == 0)
        #expect(throws: SQLError.self) { try source.backup(toPath: directory.path("copy.db")) }
        #expect(Self.mode(directory.path("copy.db")) == 0o604)
    }

    @Test func encryptingAndDecryptingKeepAPrivateFilePrivate() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.db")
        try sqlite3(path, """
            CREATE TABLE item (id INTEGER PRIMARY KEY, payload BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO item (payload) SELECT randomblob(500) FROM n;
            """)
        try #require(chmod(path, 0o600) == 0)
        // As root, a file of another user stays that user's when rewritten in place.
        let otherUser: uid_t = 4_321
        if geteuid() == 0 { try #require(chown(path, otherUser, gid_t(otherUser)) == 0) }
        let owner = Self.owner(path)

        // Every file seen in the folder while the rewrite runs is private.
        let watcher = FolderWatcher(directory.url.path)
        try SQLContext.encryptFile(at: path, to: path, key: "file key")
        let seen = watcher.stop()
        #expect(seen.allSatisfy { $0.mode == 0o600 }, "\(seen)")
        #expect(Self.mode(path) == 0o600 && Self.owner(path) == owner)

        try SQLContext.decryptFile(at: path, to: directory.path("plain.db"), key: "file key")
        #expect(Self.mode(directory.path("plain.db")) == 0o600)
        try SQLContext.encryptFile(at: directory.path("plain.db"), to: directory.path("again.db"), key: "k")
        #expect(Self.mode(directory.path("again.db")) == 0o600)

        try SQLContext.decryptFile(at: path, to: path, key: "file key")
        #expect(Self.mode(path) == 0o600 && Self.owner(path) == owner)
        #expect(try sqlite3(path, "SELECT count(*) FROM item;") == "3000\n")
    }

    @Test func upgradingTheCipherFormatKeepsModeAndOwner() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.db")
        try sqlcipher(path, "PRAGMA key = 'old format';\nCREATE TABLE item (name TEXT);\nINSERT INTO item VALUES ('kept');", program: systemSQLCipherProgram)
        try #require(chmod(path, 0o600) == 0)
        if geteuid() == 0 { try #require(chown(path, 4_321, 4_321) == 0) }
        let owner = Self.owner(path)
        let upgrade = try SQLContext.upgradeCipherFormat(at: path, key: "old format")
        #expect(upgrade.formerFormat == 3)
        #expect(Self.mode(path) == 0o600 && Self.owner(path) == owner)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["v3.db"])
        #expect(try sqlcipher(path, "PRAGMA key = 'old format';\nSELECT name FROM item;") == "kept\n")
    }
}

/// Lists a folder over and over on another thread, noting the mode of each file it sees, until
/// stopped.
final class FolderWatcher: Sendable {
    struct Sighting: Hashable, Sendable, CustomStringConvertible {
        let name: String
        let mode: mode_t
        var description: String { "\(name) \(String(mode, radix: 8))" }
    }

    private let state = Locked<(stopped: Bool, seen: Set<Sighting>)>((false, []))
    private let finished = DispatchSemaphore(value: 0)

    init(_ folder: String) {
        Thread.detachNewThread { [self] in
            while !state.withLock({ $0.stopped }) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                let sightings = names.compactMap { name in
                    FileModeTests.mode(folder + "/" + name).map { Sighting(name: name, mode: $0) }
                }
                state.withLock { $0.seen.formUnion(sightings) }
            }
            finished.signal()
        }
    }

    /// Stops watching and returns every file and mode seen.
    func stop() -> Set<Sighting> {
        state.withLock { $0.stopped = true }
        finished.wait()
        return state.withLock { $0.seen }
    }
}
