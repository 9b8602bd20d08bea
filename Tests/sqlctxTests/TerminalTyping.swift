import Foundation
import PortableSQLTestSupport

/// Runs `command` in a pseudo-terminal (`script`) and types `lines` into it, each one only once
/// the next of the `prompts` has appeared in what the command printed, so that a slow start
/// (a sanitizer, a loaded machine) never makes a line arrive before its prompt. Returns all the
/// command printed. Gives up after `timeout` seconds for any one prompt, and stops the command
/// when it has not ended `timeout` seconds after the last line.
func typeAtPrompts(_ lines: [String], command: String, prompts: [String], timeout: TimeInterval = 60) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    process.arguments = ["-qec", command, "/dev/null"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    let transcript = SharedTranscript()
    output.fileHandleForReading.readabilityHandler = { handle in transcript.append(handle.availableData) }
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    for (number, line) in lines.enumerated() {
        let deadline = Date().addingTimeInterval(timeout)
        while transcript.count(of: prompts) <= number, process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        guard process.isRunning else { break }
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }
    try? input.fileHandleForWriting.close()
    if ended.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        ended.wait()
    }
    output.fileHandleForReading.readabilityHandler = nil
    transcript.append(output.fileHandleForReading.readDataToEndOfFile())
    return transcript.text
}

/// What a command printed so far, filled from the pipe's reading thread.
final class SharedTranscript: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.withLock { data.append(more) }
    }

    var text: String {
        lock.withLock { String(decoding: data, as: UTF8.self) }
    }

    /// How many times any of `prompts` appears so far.
    func count(of prompts: [String]) -> Int {
        let text = text
        return prompts.reduce(0) { $0 + text.components(separatedBy: $1).count - 1 }
    }
}
