import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// An operation of `PortableSQLTestHelper rewrite`, the form it reads and the form it writes.
struct RewriteOperation: Sendable, CustomStringConvertible {
    let name: String
    let from: RewriteForm
    let to: RewriteForm
    var inPlace: Bool { name.hasSuffix("-in-place") }
    var description: String { name }
}

/// One operation killed again and again: each run in a fresh folder holding a copy of the same
/// database (`db`, mode `databaseMode`), writing `db` itself or `copy.db`.
struct KilledRewriteRun {
    /// The mode of the database before the operation; the result must keep it.
    static let databaseMode: mode_t = 0o640

    let operation: RewriteOperation
    let helperPath: String
    let directory: TemporaryDirectory
    let pristine: String
    /// How many kills left files beside the database.
    let leftBehind = SharedCount()

    init(_ operation: RewriteOperation) throws {
        self.operation = operation
        helperPath = try builtProduct("PortableSQLTestHelper")
        directory = try TemporaryDirectory()
        pristine = directory.path("pristine.db")
        try operation.from.create(pristine)
    }

    /// A new folder holding a copy of the database as `db`, with `databaseMode`.
    func freshFolder(_ name: String) throws -> String {
        let folder = directory.path(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: pristine, toPath: folder + "/db")
        try #require(chmod(folder + "/db", Self.databaseMode) == 0)
        return folder
    }

    /// The helper's arguments for the operation in `folder`.
    func arguments(in folder: String, killAt step: Int) -> [String] {
        ["rewrite", operation.name, folder + "/db", folder + (operation.inPlace ? "/db" : "/copy.db"), String(step)]
    }

    /// Runs `executable`; returns its output and whether SIGKILL ended it (or, under strace,
    /// the program it traced).
    func launch(_ executable: String, _ arguments: [String]) throws -> (output: String, killed: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text, process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }

    /// Runs the operation in `folder`, killed just before its step `step` (never when 0).
    func helper(in folder: String, killAt step: Int) throws -> (output: String, killed: Bool) {
        try launch(helperPath, arguments(in: folder, killAt: step))
    }

    /// Runs the operation in `folder` under strace, killed just before its `number`th `call`.
    func tracedHelper(in folder: String, killingBefore call: String, number: Int) throws -> (output: String, killed: Bool) {
        let strace = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=\(call)", "-e", "inject=\(call):signal=KILL:when=\(number)"]
        return try launch("/usr/bin/strace", strace + [helperPath] + arguments(in: folder, killAt: 0))
    }

    /// The steps of a whole run, in order.
    func steps() throws -> [String] {
        let output = try helper(in: try freshFolder("steps"), killAt: 0).output
        return output.split(separator: "\n").filter { $0.hasPrefix("step ") }.map { String($0.dropFirst(5)) }
    }

    /// The calls among `calls` that a whole run makes, in order.
    func systemCalls(_ calls: [String]) throws -> [String] {
        let trace = directory.path("trace")
        let folder = try freshFolder("calls")
        _ = try launch("/usr/bin/strace", ["-f", "-qq", "-o", trace, "-e", "trace=\(calls.joined(separator: ","))", helperPath] + arguments(in: folder, killAt: 0))
        return try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").compactMap { line in
            // "PID  call(arguments) = result"
            let call = line.drop { $0.isNumber }.drop { $0 == " " }
            guard call.contains("("), let name = call.split(separator: "(", maxSplits: 1).first, calls.contains(String(name)) else { return nil }
            return String(name)
        }
    }

    /// Checks what a kill left in `folder`, then runs the next call and checks what is left.
    func check(_ folder: String, _ context: String) throws {
        let database = folder + "/db"
        let copy = folder + "/copy.db"
        let result = operation.inPlace ? database : copy

        // A temporary file is private, whatever the database's mode, until it is the
        // complete new file about to take the database's name (and mode).
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "db" && $0 != "copy.db" }
        if !leftovers.isEmpty { leftBehind.add() }
        for name in leftovers where name.hasSuffix(".portablesql-tmp") || name.hasSuffix(".portablesql-rewrite") {
            let mode = mode(folder + "/" + name)
            if mode != 0o600 {
                #expect(mode == Self.databaseMode && (try? operation.to.holdsEveryRow(copied(folder + "/" + name))) == true, "\(context): \(name) is \(String(mode ?? 0, radix: 8))")
            }
        }

        // The database is intact, in one form or the other; a copy is absent or complete.
        // Both are opened as copies elsewhere, so that opening them removes nothing here.
        if operation.inPlace {
            let before = try operation.from.holdsEveryRow(try copied(database))
            let after = try operation.to.holdsEveryRow(try copied(database))
            #expect(before != after, "\(context): opens in its former form \(before), in its new form \(after)")
        } else {
            #expect(try operation.from.holdsEveryRow(try copied(database)), "\(context): the source does not open")
            if FileManager.default.fileExists(atPath: copy) {
                #expect(try operation.to.holdsEveryRow(try copied(copy)), "\(context): the copy does not open")
            }
        }

        // The next call on that destination finishes the work (or refuses: it is done) and
        // removes what was left.
        _ = try helper(in: folder, killAt: 0)
        let remaining = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(remaining == (operation.inPlace ? ["db"] : ["copy.db", "db"]), "\(context): left \(remaining)")
        for name in remaining where (name == "db" && !operation.inPlace ? operation.from : operation.to) != .plain {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            #expect(bytes.range(of: Data(RewriteForm.marker.utf8)) == nil, "\(context): \(name) holds rows in clear")
        }
        #expect(try operation.to.holdsEveryRow(result), "\(context): the result does not open")
        #expect(mode(result) == Self.databaseMode, "\(context): the result's mode is \(String(mode(result) ?? 0, radix: 8))")
    }

    /// A copy of the file at `path` in a scratch folder, replacing the last one.
    func copied(_ path: String) throws -> String {
        let scratch = directory.path("scratch.db")
        for file in [scratch, scratch + "-journal"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
        try FileManager.default.copyItem(atPath: path, toPath: scratch)
        return scratch
    }

    /// The permission bits of the file at `path`; `nil` when there is none.
    func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }
}
