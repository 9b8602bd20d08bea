import Foundation
import PortableSQLTestSupport

/// What one run of `sqlctx` (or `sqlite3`) printed, and how it ended.
struct ShellRun {
    let status: Int32
    let output: String
    /// The bytes of standard output, which need not be UTF-8 (a blob's).
    let outputBytes: Data
    let errors: String
    /// Whether the run was stopped for taking longer than its time limit.
    let timedOut: Bool
}

/// Runs the built `sqlctx` with `arguments`, `input` as its standard input (a file, not a
/// terminal), and `environment` added to the test's. Stops it after `timeout` seconds, which
/// the result then says.
func runSQLCtx(_ arguments: [String], input: String = "", environment: [String: String] = [:], directory: String? = nil, timeout: TimeInterval = 60) throws -> ShellRun {
    try runProgram(try builtProduct("sqlctx"), arguments, input: input, environment: environment, directory: directory, timeout: timeout)
}

/// Runs the system's `sqlite3` program as `runSQLCtx` runs `sqlctx`.
func runSQLite3(_ arguments: [String], input: String = "", directory: String? = nil, timeout: TimeInterval = 60) throws -> ShellRun {
    try runProgram("/usr/bin/sqlite3", arguments, input: input, environment: [:], directory: directory, timeout: timeout)
}

/// Runs the program at `executable` with `arguments`, `input` as its standard input (a file,
/// not a terminal), and `environment` added to the test's, in `directory` (the test's own
/// when `nil`). Stops it after `timeout` seconds, which the result then says.
func runProgram(_ executable: String, _ arguments: [String], input: String, environment: [String: String], directory: String?, timeout: TimeInterval) throws -> ShellRun {
    let folder = try TemporaryDirectory()
    let inputPath = folder.path("input"), outputPath = folder.path("output"), errorsPath = folder.path("errors")
    try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
    for path in [outputPath, errorsPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    let timedOut = ended.wait(timeout: .now() + timeout) == .timedOut
    if timedOut {
        process.terminate()
        ended.wait()
    }
    let output = try Data(contentsOf: URL(fileURLWithPath: outputPath))
    return ShellRun(
        status: process.terminationStatus,
        output: String(decoding: output, as: UTF8.self),
        outputBytes: output,
        errors: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorsPath)), as: UTF8.self),
        timedOut: timedOut)
}
