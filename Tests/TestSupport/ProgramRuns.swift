import Foundation

/// What one run of a program (`sqlctx`, `sqlite3`, …) printed, and how it ended.
public struct ShellRun {
    public let status: Int32
    public let output: String
    /// The bytes of standard output, which need not be UTF-8 (a blob's).
    public let outputBytes: Data
    public let errors: String
    /// Whether the run was stopped for taking longer than its time limit.
    public let timedOut: Bool
}

/// Runs the program at `executable` with `arguments`, `input` as its standard input (a file,
/// not a terminal), and `environment` added to the test's, in `directory` (the test's own
/// when `nil`). Stops it after `timeout` seconds, which the result then says.
public func runProgram(_ executable: String, _ arguments: [String], input: String, environment: [String: String], directory: String?, timeout: TimeInterval) throws -> ShellRun {
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
