import Foundation

/// A command running in a pseudo-terminal (`script`), typed at key by key: for tests that must
/// see something on the screen before the next key (Ctrl-C while a statement runs, or on a line
/// half typed). Every wait is bounded, so a shell that hangs or dies fails the test instead of
/// stopping it.
final class TerminalSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let transcript = SharedTranscript()
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `command` (a shell command line) in a pseudo-terminal.
    init(command: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let transcript = transcript, ended = ended
        output.fileHandleForReading.readabilityHandler = { handle in transcript.append(handle.availableData) }
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
    }

    /// Everything the command printed so far (the terminal echoes what is typed).
    var screen: String { transcript.text }

    /// The lines printed so far, as the terminal ends them (`\r\n`).
    var lines: [Substring] { screen.split(separator: "\r\n") }

    /// Types `keys` (`\u{03}` is Ctrl-C, which the terminal turns into SIGINT).
    func type(_ keys: String) {
        input.fileHandleForWriting.write(Data(keys.utf8))
    }

    /// Waits until `text` has appeared `count` times, for at most `timeout` seconds or until the
    /// command ends; whether it did.
    func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while transcript.count(of: [text]) < count {
            guard process.isRunning, Date() < deadline else { return transcript.count(of: [text]) >= count }
            usleep(20_000)
        }
        return true
    }

    /// Whether the command still runs.
    var isRunning: Bool { process.isRunning }

    /// Ends the input and waits at most `timeout` seconds for the command to end, then stops it;
    /// whether it ended by itself.
    @discardableResult
    func finish(timeout: TimeInterval = 5) -> Bool {
        try? input.fileHandleForWriting.close()
        let endedByItself = ended.wait(timeout: .now() + timeout) == .success
        if !endedByItself {
            process.terminate()
            ended.wait()
        }
        output.fileHandleForReading.readabilityHandler = nil
        transcript.append(output.fileHandleForReading.readDataToEndOfFile())
        return endedByItself
    }
}
