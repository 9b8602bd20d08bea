import Foundation
import PortableSQLTestSupport
import Testing

/// Ctrl-C in `sqlctx shell`, as sqlite3 takes it: at the terminal it stops the running statement
/// or drops the line being typed, and the shell goes on; in a script it stops the script.
@Suite struct ShellInterruptTests {
    /// A statement that runs for minutes unless interrupted (a billion rows counted).
    static let longQuery = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 1000000000) SELECT count(*) FROM c;"

    @Test func ctrlCAtTheTerminalInterruptsAStatementOrDropsALineAndTheShellGoesOn() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("typed.db")
        try sqlite3(path, "CREATE TABLE t (x);")
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let terminal = try TerminalSession(command: "HOME='\(home)' TERM=xterm '\(try builtProduct("sqlctx"))' '\(path)'")
        #expect(terminal.waitFor("sqlctx> ", timeout: 60), "\(terminal.screen)")

        // Ctrl-C while the statement runs: it stops with SQLITE_INTERRUPT and the prompt comes back.
        terminal.type(Self.longQuery + "\n")
        #expect(terminal.waitFor("FROM c;\r\n"), "\(terminal.screen)")
        usleep(500_000)
        terminal.type("\u{03}")
        #expect(terminal.waitFor("Runtime error: interrupted (9)\r\n"), "\(terminal.screen)")
        #expect(terminal.waitFor("sqlctx> ", count: 2), "\(terminal.screen)")
        terminal.type("SELECT 1 AS one;\n")
        #expect(terminal.waitFor("sqlctx> ", count: 3), "\(terminal.screen)")
        #expect(terminal.lines.contains("1"), "\(terminal.screen)")

        // Ctrl-C on a line half typed (an open quote): the line is dropped, a fresh prompt shows.
        terminal.type("SELECT 'half")
        #expect(terminal.waitFor("SELECT 'half"), "\(terminal.screen)")
        terminal.type("\u{03}")
        #expect(terminal.waitFor("sqlctx> ", count: 4), "\(terminal.screen)")
        terminal.type("SELECT 2 AS two;\n")
        #expect(terminal.waitFor("sqlctx> ", count: 5), "\(terminal.screen)")
        #expect(terminal.lines.contains("2") && terminal.screen.contains("SELECT 'half^C\r\n"), "\(terminal.screen)")
        #expect(!terminal.screen.contains("   ...> "), "\(terminal.screen)")

        terminal.type(".quit\n")
        #expect(terminal.finish(), "\(terminal.screen)")
    }

    @Test func ctrlCStopsAScriptAtTheStatementItInterruptsAsSqlite3Does() throws {
        // sqlite3, given the same script and SIGINT from a shell, prints "Runtime error near
        // line 2: interrupted (9)" and exits with status 1 without running line 3, -bail or not
        // (sent from this test through Process, the signal does not stop sqlite3's statement).
        let directory = try TemporaryDirectory()
        let script = "SELECT 'one';\n\(Self.longQuery)\nSELECT 'two';\n"
        let path = directory.path("mine.db")
        try sqlite3(path, "CREATE TABLE t (x);")
        let run = try interrupting(try builtProduct("sqlctx"), [path], script: script, whenPrinted: "one")
        #expect(!run.timedOut, "\(run)")
        #expect(run.status == 1 && run.errors == "Runtime error near line 2: interrupted (9)\n", "\(run)")
        #expect(run.output == "one\n", "\(run)")
    }

    /// How a program ended after SIGINT, and what it printed.
    struct InterruptedRun {
        /// The exit status, or -1 when a signal ended the program.
        let status: Int32
        let output: String
        let errors: String
        /// Whether it was still running 10 seconds after SIGINT, and was killed.
        let timedOut: Bool
    }

    /// Runs `executable` with `script` on standard input (a file) and sends it SIGINT half a
    /// second after it printed `whenPrinted`; kills it when it has not ended 10 seconds later.
    func interrupting(_ executable: String, _ arguments: [String], script: String, whenPrinted: String) throws -> InterruptedRun {
        let folder = try TemporaryDirectory()
        let scriptPath = folder.path("script.sql")
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: scriptPath))
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let printed = SharedTranscript(), complained = SharedTranscript()
        output.fileHandleForReading.readabilityHandler = { printed.append($0.availableData) }
        errors.fileHandleForReading.readabilityHandler = { complained.append($0.availableData) }
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while printed.count(of: [whenPrinted]) == 0, process.isRunning, Date() < deadline { usleep(20_000) }
        usleep(500_000)
        process.interrupt()
        let timedOut = ended.wait(timeout: .now() + 10) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        for (pipe, transcript) in [(output, printed), (errors, complained)] {
            pipe.fileHandleForReading.readabilityHandler = nil
            transcript.append(pipe.fileHandleForReading.readDataToEndOfFile())
        }
        let status = process.terminationReason == .exit ? process.terminationStatus : -1
        return InterruptedRun(status: status, output: printed.text, errors: complained.text, timedOut: timedOut)
    }
}
