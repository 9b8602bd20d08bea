import Foundation
import PortableSQLTestSupport

/// What one run of `sqlctx` printed, and how it ended.
struct ShellRun {
    let status: Int32
    let output: String
    let errors: String
    /// Whether the run was stopped for taking longer than its time limit.
    let timedOut: Bool
}

/// Runs the built `sqlctx` with `arguments`, `input` as its standard input (a file, not a
/// terminal), and `environment` added to the test's. Stops it after `timeout` seconds, which
/// the result then says.
func runSQLCtx(_ arguments: [String], input: String = "", environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> ShellRun {
    let folder = try TemporaryDirectory()
    let inputPath = folder.path("input"), outputPath = folder.path("output"), errorsPath = folder.path("errors")
    try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
    for path in [outputPath, errorsPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try builtProduct("sqlctx"))
    process.arguments = arguments
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
    return ShellRun(
        status: process.terminationStatus,
        output: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outputPath)), as: UTF8.self),
        errors: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errorsPath)), as: UTF8.self),
        timedOut: timedOut)
}
