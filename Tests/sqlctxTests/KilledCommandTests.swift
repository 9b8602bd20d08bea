import Foundation
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// `sqlctx decrypt` and `sqlctx backup` run under strace and are killed with SIGKILL just before
/// each rename, link, unlink, fsync and ftruncate they make: the destination is then absent or
/// complete, and the same command run again leaves the destination complete and nothing else.
@Suite struct KilledCommandTests {
    /// Whether strace can trace a child here (it needs ptrace).
    static let canTrace = (try? run("/usr/bin/strace", ["-f", "-qq", "-o", "/dev/null", "/bin/true"])) != nil

    /// The environment of `command`: for `decrypt`, a raw key in SQLCipher's `x'…'` spelling,
    /// so that no key derivation slows the runs; `backup` copies a plain database.
    static func environment(_ command: String) -> [String: String] {
        command == "decrypt" ? ["SQLCTX_KEY": "x'" + String(repeating: "5A", count: 32) + "'"] : [:]
    }

    static let calls = ["rename", "link", "unlink", "fsync", "fdatasync", "ftruncate"]

    /// Runs `sqlctx arguments` under strace, killed before its `number`th `call` (none when
    /// `call` is nil, writing the trace of `calls` to `trace`); returns whether SIGKILL ended it.
    func traced(_ arguments: [String], killingBefore call: String?, number: Int = 0, trace: String = "/dev/null") throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        let injection = call.map { ["-e", "trace=\($0)", "-e", "inject=\($0):signal=KILL:when=\(number)"] } ?? ["-e", "trace=\(Self.calls.joined(separator: ","))"]
        process.arguments = ["-f", "-qq", "-o", trace] + injection + [try builtProduct("sqlctx")] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(Self.environment(arguments[0])) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// The rows of the plain database at `path`, as `count|sum`, or nil when it does not open.
    func rows(_ path: String) -> String? {
        try? sqlite3(path, "SELECT count(*) || '|' || sum(n) FROM item;")
    }

    @Test(.enabled(if: canTrace, "strace cannot trace a child process here (it needs ptrace)"), arguments: ["decrypt", "backup"])
    func killedCommandsLeaveNoPartialCopy(command: String) throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path("plain.db")
        try sqlite3(plain, """
            CREATE TABLE item (n INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)
            INSERT INTO item SELECT i, 'row ' || i || hex(randomblob(120)) FROM c;
            """)
        let expected = try #require(rows(plain))
        let source = directory.path("source.db")
        if command == "decrypt" {
            _ = try run(try builtProduct("sqlctx"), ["encrypt", plain, source], environment: Self.environment(command))
        } else {
            try FileManager.default.copyItem(atPath: plain, toPath: source)
        }

        // A whole run, traced, gives the calls to kill before.
        let trace = directory.path("trace")
        let whole = directory.path("whole")
        try FileManager.default.createDirectory(atPath: whole, withIntermediateDirectories: false)
        #expect(try !traced([command, source, whole + "/copy.db"], killingBefore: nil, trace: trace))
        var counts: [String: Int] = [:]
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            let call = line.drop { $0.isNumber }.drop { $0 == " " }
            if call.contains("("), let name = call.split(separator: "(", maxSplits: 1).first, Self.calls.contains(String(name)) {
                counts[String(name), default: 0] += 1
            }
        }
        try #require(counts.values.reduce(0, +) > 1, "\(counts)")
        // The copy takes its name once, by a link (so that no file is replaced).
        #expect(counts["link"] == 1, "\(counts)")

        var kills = 0
        var leftBehind = 0
        for (call, count) in counts.sorted(by: { $0.key < $1.key }) {
            for number in 1...count {
                let folder = directory.path("\(call)-\(number)")
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
                let copy = folder + "/copy.db"
                let context = "sqlctx \(command) killed before \(call) \(number)"
                try #require(try traced([command, source, copy], killingBefore: call, number: number), "\(context): not killed")
                kills += 1
                if try FileManager.default.contentsOfDirectory(atPath: folder) != ["copy.db"] { leftBehind += 1 }
                if FileManager.default.fileExists(atPath: copy) {
                    #expect(rows(copy) == expected, "\(context): the copy is partial")
                }
                // Run again: it completes, or says the copy exists; either way nothing else is left.
                _ = try? run(try builtProduct("sqlctx"), [command, source, copy], environment: Self.environment(command))
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["copy.db"], "\(context)")
                #expect(rows(copy) == expected, "\(context): the copy run again")
            }
        }
        print("killed sqlctx \(command): \(kills) kills before \(counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")), \(leftBehind) left files behind, all gone after the next run")
    }
}
