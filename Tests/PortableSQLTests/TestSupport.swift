import Foundation
import Testing

/// A folder under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("PortableSQLTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file named `name` inside the folder.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}

/// Runs a program with arguments and optional standard input; returns its standard output.
/// Throws when it exits non-zero, with its standard error.
@discardableResult
func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
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
        throw CommandFailure(description: "\(executable) \(arguments) exited \(process.terminationStatus): \(String(decoding: errorData, as: UTF8.self))")
    }
    return String(decoding: outputData, as: UTF8.self)
}

/// Runs `sql` through the `sqlite3` command-line program on the database at `path`.
@discardableResult
func sqlite3(_ path: String, _ sql: String) throws -> String {
    try run("/usr/bin/sqlite3", ["-batch", path], input: sql)
}
