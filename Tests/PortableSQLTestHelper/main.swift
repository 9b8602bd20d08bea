// A helper that tests run as a child process, for what must not happen in the test process
// itself: loading SQLCipher under another SQLCIPHER_LIBRARY, being killed mid-write, competing
// for a lock with another process, counting its own file descriptors, being killed at each step
// of a whole-file rewrite.
import Foundation
import PortableSQLPlus

internal import PortableSQLSystem

/// Writes a line to standard output at once (unbuffered), so that the parent sees it even if
/// this process is killed right after.
func report(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBufferPointer { buffer in _ = write(1, buffer.baseAddress, buffer.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(1)
}

/// The key every `plus` database of the helper uses: a raw key, so that opening takes no key
/// derivation (about 160 ms on SQLCipher 4) and a kill lands mostly while batches are written.
/// Made on each use rather than kept in a global: LeakSanitizer does not see the bytes of a
/// `Data` held in a global enum (see Tests/lsan-suppressions.txt) and would fail the helper.
func helperKey() -> SQLCipherKey { .raw(Data(repeating: 0x5A, count: 32)) }

/// Opens `path` on `engine` ("platform" or "plus", keyed).
func open(_ path: String, engine: String) throws -> SQLContext {
    let context = try SQLContext(path: path, configuration: engine == "plus" ? .plus : .platform)
    if engine == "plus" { try context.key(helperKey()) }
    return context
}

/// An object captured by registered closures, counted so that leaks show.
final class Captured {
    nonisolated(unsafe) static var live = 0
    let name = "t"
    var count = 0

    init() { Self.live += 1 }
    deinit { Self.live -= 1 }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "open-plus" where arguments.count <= 2:
        // open-plus [LIBRARY]: opens an in-memory context on `.plus`, or on the SQLCipher library
        // LIBRARY, as the first thing this process does; prints the cipher version, or the error
        // on stderr. Fails when the library calls into the system SQLite: its sqlite_version()
        // must be its own.
        let context = SQLContext(configuration: arguments.count == 2 ? .sqlcipher(libraryAt: arguments[1]) : .plus)
        let reported = try context.selectAll(sql: "SELECT sqlite_version()")
        guard reported == [[.text(context.version)]] else {
            fail("not isolated: sqlite_version() is \(reported), the library is \(context.version)")
        }
        print(context.cipherVersion ?? "no cipher version")

    case "wrong-key" where (2...3).contains(arguments.count):
        // wrong-key PATH [LEVEL]: writes an encrypted database at PATH, then opens it with a wrong
        // key, after setting SQLCipher's log level to LEVEL when given; prints the error's code.
        if arguments.count == 3 {
            guard let level = SQLCipherLogLevel(rawValue: arguments[2]) else { fail("no log level \(arguments[2])") }
            try SQLiteConfiguration.plus.setCipherLogLevel(level)
        }
        let writer = try open(arguments[1], engine: "plus")
        try writer.exec(sql: "CREATE TABLE t (v)")
        try writer.close()
        let reader = try SQLContext(path: arguments[1], configuration: .plus)
        do {
            try reader.key("not the key")
            fail("a wrong key opened the database")
        } catch let error as SQLError {
            print(error.extendedCode.name)
        }

    case "commit-loop" where arguments.count == 4:
        // commit-loop PATH JOURNAL ENGINE: commits batches forever, reporting each once committed.
        // Batch n holds 1 + (n * 37) % 400 rows, so some transactions are large.
        let context = try open(arguments[1], engine: arguments[3])
        _ = try context.selectAll(sql: "PRAGMA journal_mode = \(arguments[2])")
        try context.exec(sql: "CREATE TABLE IF NOT EXISTS batch_row (batch INTEGER NOT NULL, item INTEGER NOT NULL, payload BLOB NOT NULL)")
        var batch = (try context.selectAll(sql: "SELECT coalesce(max(batch), 0) FROM batch_row").first?.first?.longValue ?? 0) + 1
        let insert = try context.prepare(sql: "INSERT INTO batch_row (batch, item, payload) VALUES (?, ?, ?)")
        report("ready \(batch)")
        while true {
            let rows = 1 + (batch * 37) % 400
            try context.transaction(.immediate) {
                for item in 0..<rows {
                    try insert.update(parameters: [.long(batch), .long(item), .blob(Data(repeating: UInt8(truncatingIfNeeded: batch &+ item), count: 512))])
                }
            }
            report("committed \(batch)")
            batch += 1
        }

    case "writer" where arguments.count == 5:
        // writer PATH ROWS TIMEOUT_MS ID: inserts ROWS rows, one transaction each, in WAL mode.
        // Prints "busy" for each SQLITE_BUSY it meets (and retries), then "done N".
        let context = try SQLContext(path: arguments[1])
        context.busyTimeout = Double(arguments[3])! / 1000
        _ = try context.selectAll(sql: "PRAGMA journal_mode = WAL")
        try context.exec(sql: "CREATE TABLE IF NOT EXISTS written (writer TEXT NOT NULL, number INTEGER NOT NULL)")
        var written = 0
        while written < Int(arguments[2])! {
            do {
                try context.transaction(.immediate) {
                    try context.exec(sql: "INSERT INTO written (writer, number) VALUES (?, ?)", parameters: [.text(arguments[4]), .long(Int64(written))])
                }
                written += 1
            } catch let error as SQLError where error.code == .busy {
                report("busy \(error.extendedCode.name)")
                usleep(2_000)
            }
        }
        report("done \(written)")

    case "cycles" where arguments.count == 3:
        // cycles PATH N: N open/close cycles, then N prepare/finalize cycles; prints the open file
        // descriptors and resident memory (KiB) before and after.
        func descriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1 }
        func residentKiB() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
        }
        let count = Int(arguments[2])!
        let warmup = try SQLContext(path: arguments[1])
        try warmup.exec(sql: "CREATE TABLE IF NOT EXISTS t (v)")
        try warmup.close()
        let (fdBefore, memoryBefore) = (descriptors(), residentKiB())
        for _ in 0..<count {
            let context = try SQLContext(path: arguments[1])
            _ = try context.selectAll(sql: "SELECT count(*) FROM t")
            try context.close()
        }
        let context = try SQLContext(path: arguments[1])
        for number in 0..<count {
            let statement = try context.prepare(sql: "SELECT v, \(number) FROM t")
            _ = try statement.next()
            // Half are closed, half only let go of: both must leave the context's list.
            if number.isMultiple(of: 2) { try statement.close() }
        }
        try context.close()
        report("descriptors \(fdBefore) \(descriptors())")
        report("memory \(memoryBefore) \(residentKiB())")
        // Then N cycles that register a function, an aggregate, a collation, an update hook and
        // an observer on a context, on each engine in turn, use them and close: every object
        // they captured must be freed.
        let loaded = SQLContext(configuration: .plus)
        _ = try loaded.selectAll(sql: "SELECT 1")
        try loaded.close()
        let registrationsBefore = residentKiB()
        let captured = Captured.self
        for number in 0..<count {
            let context = SQLContext(configuration: number.isMultiple(of: 2) ? .platform : .plus)
            let token = Captured()
            try context.createFunction("tagged", argumentCount: 1) { [token] in .text("\(token.name)\($0[0].longValue ?? 0)") }
            try context.createAggregate("tally", initialState: Captured(), step: { state, _ in state.count += 1 }, result: { [token] in .long(Int64($0.count + token.count)) })
            try context.createCollation("plain") { [token] in token.name.isEmpty ? .orderedSame : $0.compare($1) }
            context.onUpdate { [token] _, _, _, _ in token.count += 1 }
            let observation = try context.observeChanges { [token] _ in token.count += 1 }
            try context.execute(script: "CREATE TABLE t (v TEXT COLLATE plain); INSERT INTO t VALUES ('b'), ('a')")
            _ = try context.selectAll(sql: "SELECT tagged(count(*)), tally(v), group_concat(v) FROM (SELECT v FROM t ORDER BY v)")
            if number.isMultiple(of: 3) { observation.cancel() }
            try context.close()
        }
        report("registrations \(captured.live) \(registrationsBefore) \(residentKiB())")

    case "function-slots" where arguments.count == 1:
        // function-slots: makes engines over the system SQLite until one cannot run Swift
        // functions; each runs the function it registered. Prints how many could, and the error.
        var contexts: [SQLContext] = []
        for number in 1...20 {
            let functions = try SQLiteFunctions { symbol in
                guard let address = dlsym(nil, symbol) else { throw SQLError(code: .cantOpen, message: "no \(symbol)") }
                return address
            }
            let context = try SQLContext(inMemoryOn: SQLiteEngine(name: "engine \(number)", functions: functions))
            do {
                try context.createFunction("number", argumentCount: 0) { _ in .long(Int64(number)) }
            } catch {
                report("engines \(number - 1)")
                report("error \(String(reflecting: error))")
                break
            }
            contexts.append(context)
        }
        // Every engine's function answers with its own number, through its own slot.
        let answers = try contexts.map { try $0.selectAll(sql: "SELECT number()")[0][0].longValue ?? 0 }
        report("answers \(answers.map(String.init).joined(separator: " "))")

    case "copy" where arguments.count == 4:
        // copy HOW SOURCE DESTINATION: copies the plain database SOURCE to DESTINATION with
        // export (encrypted), encryptFile, backup or vacuum; prints "copied", or the error's
        // code and whether a file was left at DESTINATION. Run on a full disk by FullDiskTests.
        let (how, source, destination) = (arguments[1], arguments[2], arguments[3])
        do {
            switch how {
            case "encryptFile":
                try SQLContext.encryptFile(at: source, to: destination, key: helperKey())
            default:
                let context = try SQLContext(path: source, configuration: .plus)
                defer { try? context.close() }
                switch how {
                case "export": try context.export(destination, key: helperKey())
                case "backup": try context.backup(toPath: destination)
                default: try context.vacuum(into: destination)
                }
            }
            report("copied")
        } catch let error as SQLError {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: destination).deletingLastPathComponent().path)) ?? []
            report("\(error.extendedCode.name) left \(left.count) \(error.message)")
        }

    case "rewrite" where arguments.count == 5:
        // rewrite OPERATION SOURCE DESTINATION KILL_AT: see runRewrite.
        try runRewrite(arguments[1], arguments[2], arguments[3], killAt: Int(arguments[4]) ?? 0)

    default:
        fail("usage: PortableSQLTestHelper open-plus [LIBRARY] | wrong-key PATH [LEVEL] | commit-loop PATH JOURNAL ENGINE | writer PATH ROWS TIMEOUT_MS ID | cycles PATH N | function-slots | copy HOW SOURCE DESTINATION | rewrite OPERATION SOURCE DESTINATION KILL_AT")
    }
} catch {
    fail(String(reflecting: error))
}
