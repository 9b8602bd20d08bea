#if Tool
import ArgumentParser
import Foundation
import PortableSQLPlus

internal import PortableSQLSystem

/// `sqlctx shell DB` (or `sqlctx DB`): SQL statements and dot-commands, typed at a prompt with
/// line editing and history, or read from standard input as a script.
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Type SQL statements and dot-commands at a prompt, or run a script from standard input.",
        discussion: """
            On a terminal: a prompt with line editing and a history (~/.sqlctx_history, private to \
            you, never holding a line that carries a key). A statement runs once it is complete \
            (ends with ;), whatever the number of lines; an error is printed and the shell goes on. \
            Ctrl-C stops the running statement (SQLITE_INTERRUPT) and gives the prompt back; at the \
            prompt it drops the line typed. .help lists the dot-commands (.tables, .schema, .indexes, .mode, .headers, .output, \
            .read, .import, .dump, .quit).

            Otherwise standard input is a script, read without prompts: the first failing \
            statement or dot-command stops it, nothing after it runs, its line number is in the \
            error, and the exit status is 1 (like sqlite3 -bail). Ctrl-C stops a script in the \
            same way, interrupting its running statement.

            `sqlctx DB` alone is the same as `sqlctx shell DB`, when DB is not the name of a command.

            Example: sqlctx shell app.db
            Example: sqlctx app-encrypted.db --key-file key.txt < script.sql
            """
    )

    @Argument(help: "The database file (it must exist, unless --create is given). Without it, sqlctx shows its help.")
    var database: String?

    @Flag(help: "Open the database read-only: statements that write fail.")
    var readonly = false

    @Flag(help: "Create the database when it is missing (encrypted when a key is given).")
    var create = false

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    /// Opens the database and runs the shell on the terminal, or the script on standard input.
    ///
    /// - Throws: `ExitCode.failure` after printing the error: a database that cannot be opened,
    ///   or a script's first error.
    func run() throws {
        // `sqlctx` alone, which comes here as the default command, shows the tool's help.
        guard let database else { throw CleanExit.helpRequest(SQLCtx.self) }
        try reportingErrors {
            if readonly, create { throw CommandFailure("--create and --readonly do not go together: a read-only shell cannot make a database") }
            let context = try open(database)
            defer { try? context.close() }
            let interrupts = ShellInterrupts(stopping: context.interruptHandle)
            let session = ShellSession(context: context, interrupts: interrupts)
            if isatty(STDIN_FILENO) == 1 {
                let banner = "sqlctx \(ToolVersion.number) on \(database)\(readonly ? " (read-only)" : ""). .help lists the dot-commands, .quit leaves.\n"
                FileHandle.standardOutput.write(Data(banner.utf8))
                try session.run(TerminalInput(historyPath: ShellHistory.path, interrupts: interrupts), name: nil, bail: false)
            } else {
                try session.run(StreamInput(), name: nil, bail: true)
            }
        }
    }

    /// Opens `path` with the key the options give: an existing database as the other commands
    /// do, or, with `--create`, a new one when none is there.
    ///
    /// - Throws: `CommandFailure` for a missing database without `--create`, an unreadable key
    ///   file or a bad `--cipher-compatibility`; `SQLError` for a wrong key or a file that is not
    ///   a database.
    private func open(_ path: String) throws -> SQLContext {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists, !create {
            throw CommandFailure("no database at \(path) (--create makes one; sqlctx --help lists the commands)")
        }
        if exists { return try keyOptions.openExisting(path, cipher: cipherOptions, readOnly: readonly) }
        guard let key = try keyOptions.key() else {
            return try SQLContext(path: path, flags: [.readWrite, .create])
        }
        let context = try SQLContext(path: path, flags: [.readWrite, .create], configuration: .plus)
        try context.key(.passphrase(key), settings: try cipherOptions.settings)
        return context
    }
}
#endif
