import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Child processes of a benchmark on 127.0.0.1, each with its output in a log file of
/// `folder`; every one still running is stopped (SIGTERM, then SIGKILL after 10 s) by `stopAll()`.
final class ClusterProcesses {
    let folder: URL
    private var processes: [Process] = []

    init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        stopAll()
    }

    /// Starts `program` with `arguments`, its output in `log`; with `readyLine`, waits up to
    /// 60 s until the log holds it.
    ///
    /// - Throws: `BenchmarkFailure` when the program ends or does not print `readyLine` in time.
    @discardableResult
    func start(_ program: String, _ arguments: [String], log: String, readyLine: String? = nil) throws -> Process {
        let logURL = folder.appendingPathComponent(log)
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: logURL)
        process.standardError = process.standardOutput
        try process.run()
        processes.append(process)
        guard let readyLine else { return process }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let output = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            if output.contains(readyLine) { return process }
            guard process.isRunning else { throw BenchmarkFailure("\(program) \(arguments.joined(separator: " ")) ended: \(output)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BenchmarkFailure("\(program) \(arguments.joined(separator: " ")) did not print \"\(readyLine)\" within 60 s")
    }

    /// Stops every process still running and waits for each to end.
    func stopAll() {
        for process in processes where process.isRunning {
            kill(process.processIdentifier, SIGTERM)
        }
        for process in processes {
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        processes = []
    }

    /// `count` addresses on 127.0.0.1 with ports that nothing listens on now.
    static func freeAddresses(_ count: Int) throws -> [String] {
        try (0..<count).map { _ in "127.0.0.1:\(try ClusterBenchmark.freePort())" }
    }
}
