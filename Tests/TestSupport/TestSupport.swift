// Helpers shared by the test targets: temporary folders and the real command-line programs.
import Foundation
internal import PortableSQLSystem

/// A folder under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("PortableSQLTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file named `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

public struct CommandFailure: Error, CustomStringConvertible {
    public let status: Int32
    public let standardError: String
    public var description: String { "exit status \(status): \(standardError)" }
}

/// Runs a program with arguments and optional standard input; returns its standard output.
/// Throws when it exits non-zero, with its standard error.
@discardableResult
public func run(_ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput
    try process.run()
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CommandFailure(status: process.terminationStatus, standardError: String(decoding: errorData, as: UTF8.self))
    }
    return String(decoding: outputData, as: UTF8.self)
}

/// Runs `sql` through the `sqlite3` command-line program on the database at `path`.
@discardableResult
public func sqlite3(_ path: String, _ sql: String) throws -> String {
    try run("/usr/bin/sqlite3", ["-batch", path], input: sql)
}

/// The `sqlcipher` program that `Scripts/build-sqlcipher` installs beside its SQLCipher 4 library.
public let projectSQLCipherProgram = "/usr/local/lib/portablesql/sqlcipher/bin/sqlcipher"
/// Debian's own `sqlcipher` program (SQLCipher 3.4.1 on Debian 12).
public let systemSQLCipherProgram = "/usr/bin/sqlcipher"
/// Debian's own SQLCipher library (3.4.1 on Debian 12), for the tests that name a SQLCipher 3.
public let systemSQLCipherLibrary = systemLibraryPath("libsqlcipher.so.0")
/// The system's SQLite library, the one the core links.
public let systemSQLiteLibrary = systemLibraryPath("libsqlite3.so.0")

/// Where the system's shared library `name` is, as the dynamic loader's cache lists it
/// (`ldconfig -p`) for this machine's architecture; `name` itself (for `dlopen` to search)
/// when the cache has no such entry.
public func systemLibraryPath(_ name: String) -> String {
    guard let listing = try? run("/sbin/ldconfig", ["-p"]) else { return name }
    // Lines read "\tlibsqlite3.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libsqlite3.so.0".
    let entries = listing.split(separator: "\n").compactMap { line -> (flags: Substring, path: String)? in
        let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0] == name, let arrow = parts[1].range(of: " => ") else { return nil }
        return (parts[1][..<arrow.lowerBound], String(parts[1][arrow.upperBound...]))
    }
    #if arch(x86_64)
    let architecture = "x86-64"
    #elseif arch(arm64)
    let architecture = "AArch64"
    #else
    let architecture = ""
    #endif
    return (entries.first { $0.flags.contains(architecture) } ?? entries.first)?.path ?? name
}

/// The `sqlcipher` program built with the library that `.plus` runs on: the project-built one
/// when it is installed and `SQLCIPHER_LIBRARY` names no other library, else Debian's.
/// (`TwoEnginesTests` checks that the two report the same SQLCipher version.)
public var defaultSQLCipherProgram: String {
    let named = ProcessInfo.processInfo.environment["SQLCIPHER_LIBRARY"] ?? ""
    let projectBuilt = FileManager.default.isExecutableFile(atPath: projectSQLCipherProgram)
    return projectBuilt && (named.isEmpty || named.hasPrefix("/usr/local/lib/portablesql/")) ? projectSQLCipherProgram : systemSQLCipherProgram
}

/// Runs `sql` through a `sqlcipher` command-line program on the database at `path`.
///
/// SQLCipher 4's program answers `PRAGMA key` with a line "ok" where SQLCipher 3's is silent;
/// that line is dropped, so both give the same output.
@discardableResult
public func sqlcipher(_ path: String, _ sql: String, program: String = defaultSQLCipherProgram) throws -> String {
    let quietKeys = sql.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.lowercased().hasPrefix("pragma key") ? ".output /dev/null\n\(line)\n.output stdout" : String(line)
    }
    return try run(program, ["-batch", path], input: quietKeys.joined(separator: "\n"))
}

/// The path of an executable built beside the test bundle, such as `sqlctx`.
public func builtProduct(_ name: String) throws -> String {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // The bundle may be a folder (`….xctest/…`): walk up until the product is found.
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    throw CommandFailure(status: -1, standardError: "no built \(name) near \(testBinary.path)")
}

/// A small seeded random generator (SplitMix64), so that a failing generated case can be replayed
/// from the seed the test prints.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// The seed for generated cases: `$PORTABLESQL_SEED` when set, else a fixed default.
public func testSeed(default value: UInt64 = 20_261_121) -> UInt64 {
    ProcessInfo.processInfo.environment["PORTABLESQL_SEED"].flatMap { UInt64($0) } ?? value
}

/// How many times larger the generated and repeated cases are: `$PORTABLESQL_SOAK` (default 1).
public func soakFactor() -> Int {
    max(1, ProcessInfo.processInfo.environment["PORTABLESQL_SOAK"].flatMap { Int($0) } ?? 1)
}

/// A count shared by tasks and threads.
public final class SharedCount: Sendable {
    private let count = Locked(0)

    public init() {}

    /// Adds `amount` and returns the new count.
    @discardableResult
    public func add(_ amount: Int = 1) -> Int {
        count.withLock { count in
            count += amount
            return count
        }
    }

    public var value: Int { count.withLock { $0 } }
}
