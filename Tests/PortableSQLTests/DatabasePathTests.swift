import Foundation
import PortableSQL
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// What an open on another thread gave.
final class OpenOutcome: Sendable {
    let result = Locked<Result<Void, SQLError>?>(nil)
}

/// Paths that are not regular files are refused at once, before SQLite opens them.
@Suite struct DatabasePathTests {
    /// Opens `path` on a background thread and returns its error, failing the test when the open
    /// takes more than five seconds (a FIFO opened for reading blocks until a writer comes);
    /// `unblock` then releases the waiting thread.
    func openError(_ path: String, flags: SQLContext.OpenFlags, unblock: () -> Void = {}) -> SQLError? {
        error(of: { try SQLContext(path: path, flags: flags).close() }, what: "opening \(path)", unblock: unblock)
    }

    /// Runs `work` on a background thread and returns its error, failing the test when it
    /// takes more than five seconds; `unblock` then releases the waiting thread.
    func error(of work: @escaping @Sendable () throws -> Void, what: String, unblock: () -> Void) -> SQLError? {
        let outcome = OpenOutcome()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result: Result<Void, SQLError>
            do {
                try work()
                result = .success(())
            } catch {
                result = .failure(error as? SQLError ?? SQLError(code: .error, message: "\(error)"))
            }
            outcome.result.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + 5) == .success else {
            Issue.record("\(what) did not return within five seconds")
            unblock()
            done.wait()
            return nil
        }
        guard case .failure(let error) = outcome.result.withLock({ $0 }) else {
            Issue.record("\(what) succeeded")
            return nil
        }
        return error
    }

    /// Releases a reader blocked in `open()` of the FIFO at `path`.
    func releaseReader(of path: String) {
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }

    /// SQLite opens a database's `-journal` to see whether it is hot, and an attached file as a
    /// main database: both are checked on each file engine, SQLCipher's too.
    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func aFIFOAsAJournalOrAnAttachedFileIsRefusedOnEveryFileEngine(configuration: SQLiteConfiguration) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("data.db")
        let setUp = try SQLContext(path: path, configuration: configuration)
        try setUp.exec(sql: "CREATE TABLE t (v)")
        try setUp.exec(sql: "INSERT INTO t VALUES (1)")
        try setUp.close()
        let journal = path + "-journal"
        try #require(mkfifo(journal, 0o600) == 0)
        let read = error(of: {
            let db = try SQLContext(path: path, configuration: configuration)
            defer { try? db.close() }
            _ = try db.selectAll(sql: "SELECT count(*) FROM t")
        }, what: "reading beside a FIFO journal", unblock: { releaseReader(of: journal) })
        #expect(read?.resultCode == .cantOpen && read?.message.contains("-journal: it is a FIFO") == true, "\(String(describing: read))")
        try FileManager.default.removeItem(atPath: journal)

        let pipe = directory.path("pipe")
        try #require(mkfifo(pipe, 0o600) == 0)
        let attached = error(of: {
            let db = try SQLContext(path: path, flags: .readOnly, configuration: configuration)
            defer { try? db.close() }
            try db.exec(sql: "ATTACH 'file:' || ? AS f", parameters: [.text(pipe)])
            _ = try db.selectAll(sql: "SELECT count(*) FROM f.sqlite_master")
        }, what: "attaching a FIFO", unblock: { releaseReader(of: pipe) })
        #expect(attached?.resultCode == .cantOpen && attached?.message.contains("FIFO") == true, "\(String(describing: attached))")
        let db = try SQLContext(path: path, configuration: configuration)
        defer { try? db.close() }
        #expect(try db.selectAll(sql: "SELECT v FROM t") == [[1]])
    }

    /// SQLite opens a WAL's `-shm` itself, not through the VFS's `xOpen`: it is checked with
    /// the WAL, so a FIFO there is named rather than reported as a disk I/O error.
    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func aFIFOAsTheSharedMemoryFileIsNamed(configuration: SQLiteConfiguration) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("wal.db")
        let setUp = try SQLContext(path: path, configuration: configuration)
        try setUp.exec(sql: "PRAGMA journal_mode = WAL")
        try setUp.exec(sql: "CREATE TABLE t (v)")
        try setUp.exec(sql: "INSERT INTO t VALUES (1)")
        try setUp.close()
        try #require(!FileManager.default.fileExists(atPath: path + "-shm"))
        try #require(mkfifo(path + "-shm", 0o600) == 0)
        let read = error(of: {
            let db = try SQLContext(path: path, configuration: configuration)
            defer { try? db.close() }
            _ = try db.selectAll(sql: "SELECT count(*) FROM t")
        }, what: "reading beside a FIFO -shm", unblock: { releaseReader(of: path + "-shm") })
        #expect(read?.resultCode == .cantOpen && read?.message.contains("-shm: it is a FIFO") == true, "\(String(describing: read))")
        try FileManager.default.removeItem(atPath: path + "-shm")
        let db = try SQLContext(path: path, configuration: configuration)
        defer { try? db.close() }
        #expect(try db.selectAll(sql: "SELECT v FROM t") == [[1]])
    }

    /// A URI's `vfs=` makes SQLite open the file through that VFS, not the checked one: the
    /// name is checked before the statement runs instead, as a literal, bound as text or as a
    /// blob, percent-encoded, for ATTACH and VACUUM INTO.
    @Test(arguments: [SQLiteConfiguration.platform, .plus])
    func aFIFONamedWithAVFSOfItsOwnIsRefusedAtOnce(configuration: SQLiteConfiguration) throws {
        let directory = try TemporaryDirectory()
        let pipe = directory.path("pipe")
        try #require(mkfifo(pipe, 0o600) == 0)
        let path = directory.path("data.db")
        try SQLContext(path: path, configuration: configuration).close()
        let uri = "file:\(pipe)?vfs=unix"
        let hex = uri.utf8.map { String(format: "%02X", $0) }.joined()
        let attempts: [(String, [SQLValue])] = [
            ("ATTACH '\(uri)' AS p", []),
            ("ATTACH ? AS p", [.text(uri)]),
            ("ATTACH ? AS p", [.blob(Data(uri.utf8))]),
            ("ATTACH X'\(hex)' AS p", []),
            ("ATTACH 'file:\(pipe)?%76fs=unix-none' AS p", []),
            ("ATTACH 'file:\(pipe)?vfs%00x=unix&mode=ro' AS p", []),
            ("ATTACH 'file:\(directory.path("missing"))/../pipe?vfs=unix&mode=ro' AS p", []),
            ("ATTACH ? AS p", [.text("file:\(pipe)?vfs%00=unix&mode=ro")]),
            // SQLite's file name is a C string: a %00 ends it (FuzzURIKeys found the check read past it).
            ("ATTACH 'file:\(pipe)%00.db?vfs=unix' AS p", []),
            ("ATTACH ? AS p", [.text("file:\(pipe)%00x?vfs=unix")]),
            ("VACUUM INTO ?", [.text(uri)]),
        ]
        for (sql, parameters) in attempts + [("SELECT 1; ATTACH '\(uri)' AS p; SELECT 2", [])] {
            let started = Date()
            let refused = error(of: {
                let db = try SQLContext(path: path, flags: .readOnly, configuration: configuration)
                defer { try? db.close() }
                if parameters.isEmpty { try db.execute(script: sql) } else { try db.exec(sql: sql, parameters: parameters) }
            }, what: sql, unblock: { releaseReader(of: pipe) })
            #expect(refused?.resultCode == .cantOpen && refused?.message.contains("FIFO") == true, "\(sql): \(String(describing: refused))")
            #expect(Date().timeIntervalSince(started) < 1, "\(sql)")
        }
        // The companions SQLite opens through that VFS are checked too.
        for (companion, setUp) in [("-journal", "PRAGMA journal_mode = DELETE"), ("-shm", "PRAGMA journal_mode = WAL")] {
            let companionPath = directory.path("companion\(companion).db")
            let writer = try SQLContext(path: companionPath, configuration: configuration)
            try writer.exec(sql: setUp)
            try writer.exec(sql: "CREATE TABLE t (v)")
            try writer.close()
            try #require(mkfifo(companionPath + companion, 0o600) == 0)
            let opened = error(of: {
                let db = try SQLContext(path: "file:\(companionPath)?vfs=unix", configuration: configuration)
                defer { try? db.close() }
                _ = try db.selectAll(sql: "SELECT count(*) FROM t")
            }, what: "opening beside a FIFO \(companion) with vfs=", unblock: { releaseReader(of: companionPath + companion) })
            #expect(opened?.resultCode == .cantOpen && opened?.message.contains("\(companion): it is a FIFO") == true, "\(companion): \(String(describing: opened))")
            let attached = error(of: {
                let db = try SQLContext(path: path, flags: .readOnly, configuration: configuration)
                defer { try? db.close() }
                try db.exec(sql: "ATTACH ? AS c", parameters: [.text("file:\(companionPath)?vfs=unix")])
                _ = try db.selectAll(sql: "SELECT count(*) FROM c.t")
            }, what: "attaching beside a FIFO \(companion) with vfs=", unblock: { releaseReader(of: companionPath + companion) })
            #expect(attached?.resultCode == .cantOpen && attached?.message.contains("FIFO") == true, "\(companion): \(String(describing: attached))")
        }
        let db = try SQLContext(path: path, configuration: configuration)
        defer { try? db.close() }
        try db.exec(sql: "ATTACH ? AS other", parameters: [.text("file:\(directory.path("other.db"))?vfs=unix")])
        try db.exec(sql: "CREATE TABLE other.t (v)")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM other.t") == [[0]])
    }

    @Test(arguments: [SQLContext.OpenFlags.readOnly, [.readWrite, .create]])
    func aFIFOIsRefusedAtOnce(flags: SQLContext.OpenFlags) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pipe")
        try #require(mkfifo(path, 0o600) == 0)
        let started = Date()
        let error = openError(path, flags: flags) { releaseReader(of: path) }
        #expect(error?.resultCode == .cantOpen)
        #expect(error?.message.contains(path) == true && error?.message.contains("FIFO") == true, "\(String(describing: error))")
        #expect(Date().timeIntervalSince(started) < 1)
    }

    /// The file a URI names is read as SQLite reads it: percent-decoded, up to a `%00`.
    @Test func aURIsFileIsReadAsSQLiteReadsIt() {
        #expect(DatabaseURI.file(of: "file:/tmp/a%20b.db?mode=ro") == "/tmp/a b.db")
        #expect(DatabaseURI.file(of: "file:///tmp/pipe%00.db?vfs=unix") == "/tmp/pipe")
        #expect(DatabaseURI.file(of: "file://localhost/tmp/x%00") == "/tmp/x")
        #expect(DatabaseURI.file(of: "file:/tmp/x?mode=memory%00ro") == nil)
        #expect(DatabaseURI.file(of: "file:/tmp/x?mode%00x=memory") == nil && DatabaseURI.file(of: "file:/tmp/x?mode=memory&mode=rwc") == "/tmp/x")
        #expect(DatabaseURI.file(of: "file:%00x") == nil && DatabaseURI.file(of: "file://elsewhere/tmp/x") == nil)
    }

    @Test func aFIFONamedByAFileURIIsRefusedWithoutTheURIFlag() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pipe one")
        try #require(mkfifo(path, 0o600) == 0)
        let encoded = path.replacingOccurrences(of: " ", with: "%20")
        for uri in ["file:" + path, "file:" + encoded + "?mode=ro", "file://localhost" + encoded, "file://" + path + "#part"] {
            let error = openError(uri, flags: .readOnly) {
                let writer = open(path, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
            }
            #expect(error?.resultCode == .cantOpen && error?.message.contains("FIFO") == true, "\(uri): \(String(describing: error))")
        }
    }

    @Test func aFIFOIsRefusedWhateverTheModeAndMemoryFlagsSay() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pipe")
        try #require(mkfifo(path, 0o600) == 0)
        let unblock = {
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        // SQLite keeps the last `mode`, and a URI's `mode` replaces the `.memory` flag.
        for (uri, flags) in [("file:\(path)?mode=memory&mode=ro", SQLContext.OpenFlags.readOnly), ("file:\(path)?mode=ro", [.readOnly, .memory])] {
            let error = openError(uri, flags: flags, unblock: unblock)
            #expect(error?.resultCode == .cantOpen && error?.message.contains("FIFO") == true, "\(uri): \(String(describing: error))")
        }
        let context = try SQLContext(path: directory.path("main.db"), flags: [.readWrite, .create])
        defer { try? context.close() }
        let started = Date()
        let error = #expect(throws: SQLError.self) { try context.attach(path: path, as: "pipe") }
        #expect(error?.resultCode == .cantOpen && error?.message.contains("FIFO") == true)
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func directoriesDevicesAndSocketsAreRefused() throws {
        let directory = try TemporaryDirectory()
        let socketPath = directory.path("socket")
        let socketDescriptor = StreamSocket.open(family: AF_UNIX)
        try #require(socketDescriptor >= 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: socketPath.utf8.prefix(buffer.count - 1))
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        let cases = [(directory.url.path, "a directory"), ("/dev/zero", "a character device"), (socketPath, "a socket")]
        for (path, kind) in cases {
            for flags: SQLContext.OpenFlags in [.readOnly, [.readWrite, .create]] {
                let error = openError(path, flags: flags)
                #expect(error?.resultCode == .cantOpen && error?.message == "cannot open \(path): it is \(kind), not a database file", "\(String(describing: error))")
            }
        }
        // A file: URI is checked by its file part.
        let uriError = openError("file://\(socketPath)?mode=ro", flags: [.readOnly, .uri])
        #expect(uriError?.resultCode == .cantOpen && uriError?.message.contains("a socket") == true, "\(String(describing: uriError))")
    }

    @Test func ordinaryPathsStillOpen() throws {
        let directory = try TemporaryDirectory()
        let created = directory.path("new.db")
        for path in [created, ":memory:", "", "/dev/null"] {
            let context = try SQLContext(path: path)
            #expect(try context.selectAll(sql: "SELECT 1") == [[1]])
            try context.close()
        }
        #expect(FileManager.default.fileExists(atPath: created))
        let uri = try SQLContext(path: "file:\(created)?mode=ro", flags: [.readOnly, .uri])
        #expect(try uri.selectAll(sql: "SELECT count(*) FROM sqlite_master") == [[0]])
        try uri.close()
        let memory = try SQLContext(path: "file:shared?mode=memory", flags: [.readWrite, .create, .uri])
        #expect(try memory.selectAll(sql: "SELECT 2") == [[2]])
        try memory.close()
        #expect(!FileManager.default.fileExists(atPath: "shared"))
    }
}
