#if Tool
import ArgumentParser
import Foundation
import PortableSQLPlus

internal import PortableSQLSystem

/// `sqlctx shell [DB] [SQL…]` (or `sqlctx [DB] [SQL…]`): sqlite3's shell, with its flags,
/// modes and dot-commands and, by default, its output byte for byte; SQL statements and
/// dot-commands typed at a prompt with line editing and history, read from standard input as
/// a script, or given on the command line.
struct ShellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "sqlite3's shell: statements and dot-commands at a prompt, from standard input, or as arguments.",
        discussion: """
            As sqlite3: without DB, an in-memory database; a DB that does not exist is created \
            (encrypted when a key is given). SQL arguments after DB run in order and the shell \
            exits; else standard input is read, at a prompt when it is a terminal. Output is \
            sqlite3's: list mode with | between values and no column names at first; -csv, -json, \
            -box, … and .mode choose others.

            On a terminal: line editing and a history (~/.sqlctx_history, private to you, never \
            holding a line that carries a key). Ctrl-C stops the running statement \
            (SQLITE_INTERRUPT) and gives the prompt back; at the prompt it drops the line typed. \
            .help lists the dot-commands.

            A script runs to its end, as sqlite3 runs one: each error is printed (Parse error \
            near line N: …) and the next statement runs; the last statement needs no ;. With \
            -bail (or .bail on) the first error stops it. The exit status is 1 when any \
            statement failed.

            Keys come from --key-file PATH, the SQLCTX_KEY environment variable, or --ask-key; \
            never from the command line itself. With --cluster, DB names a database of the dqlite \
            cluster at those addresses, with the same prompt, modes and dot-commands.

            Example: sqlctx shell app.db
            Example: sqlctx app.db -json "SELECT * FROM users"
            Example: sqlctx app-encrypted.db --key-file key.txt < script.sql
            Example: sqlctx shell --cluster 127.0.0.1:9001,127.0.0.1:9002 app
            """,
        helpNames: [.short, .long, .customLong("help", withSingleDash: true)]
    )

    @Argument(help: "The database file; created when missing. Without it, an in-memory database.")
    var database: String?

    @Argument(help: "SQL statements or dot-commands to run, in order, instead of reading standard input.")
    var commands: [String] = []

    @Flag(help: "The output mode (sqlite3's flags; list by default).")
    var modeFlags: [ModeFlag] = []

    @Flag(exclusivity: .chooseLast)
    var headerFlag: HeaderFlag?

    @Option(name: .sqlite3("separator"), help: ArgumentHelp("What separates values in list and csv modes (| by default).", valueName: "SEP"))
    var separator: String?

    @Option(name: .sqlite3("newline"), help: ArgumentHelp("What ends a row in list and csv modes (a newline by default).", valueName: "SEP"))
    var newline: String?

    @Option(name: .sqlite3("nullvalue"), help: ArgumentHelp("What NULL prints as (nothing by default).", valueName: "TEXT"))
    var nullValue: String?

    @Option(name: .sqlite3("cmd"), help: ArgumentHelp("Run COMMAND (SQL or a dot-command) before the rest; may be repeated.", valueName: "COMMAND"))
    var preCommands: [String] = []

    @Option(name: .sqlite3("init"), help: ArgumentHelp("Run the statements and dot-commands of FILE first.", valueName: "FILE"))
    var initFile: String?

    @Flag(name: .sqlite3("bail"), help: "Stop at the first error.")
    var bail = false

    @Flag(name: .sqlite3("echo"), help: "Print each statement and dot-command before it runs.")
    var echo = false

    @Flag(name: .sqlite3("batch"), help: "Read standard input as a script even on a terminal.")
    var batch = false

    @Flag(name: .sqlite3("interactive"), help: "Prompt for input even when standard input is not a terminal.")
    var interactive = false

    @Flag(name: .sqlite3("version"), help: "Print the version of SQLite (SQLCipher's with a key) and exit.")
    var showVersion = false

    @Flag(name: .sqlite3("readonly"), help: "Open the database read-only: statements that write fail.")
    var readonly = false

    @Option(name: .customLong("cluster"), help: ArgumentHelp("Open the database named DB of the dqlite cluster at these comma-separated host:port addresses.", valueName: "ADDRESSES"))
    var cluster: String?

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    /// Opens the database and runs the commands given, or the prompt on a terminal, or the
    /// script on standard input.
    ///
    /// - Throws: `ExitCode.failure` after printing the error: a database that cannot be opened,
    ///   or any statement or dot-command that failed.
    func run() throws {
        try reportingErrors {
            let interrupts = ShellInterrupts()
            let nodes = cluster.map { $0.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) } }
            let database = ShellDatabase(path: self.database, readOnly: readonly, key: try keyOptions.key(), settings: try cipherOptions.settings, interrupts: interrupts, cluster: nodes)
            defer { database.close() }
            if showVersion {
                let version = try database.context().selectAll(sql: "SELECT sqlite_version() || ' ' || sqlite_source_id()").first?.first?.textValue ?? ""
                FileHandle.standardOutput.write(Data((version + "\n").utf8))
                return
            }
            let session = ShellSession(database: database, interrupts: interrupts)
            defer { session.log.stop() }
            configure(session)
            let failed = try runAll(in: session)
            if failed || session.failures > 0 { throw ExitCode.failure }
        }
    }

    /// Applies the flags to `session`'s settings in the order they were given, as sqlite3
    /// does (`-separator ';' -csv` ends with csv's comma, `-csv -separator ';'` with `;`).
    private func configure(_ session: ShellSession) {
        var steps: [(position: Int, apply: () -> Void)] = []
        func step(_ names: [String], _ apply: @escaping () -> Void) {
            steps.append((Self.lastPosition(of: names), apply))
        }
        // Each mode flag counts, in its place: `-csv -list` keeps csv's comma.
        let modeSpellings = ModeFlag.allCases.flatMap { mode in ["-" + mode.rawValue, "--" + mode.rawValue].map { ($0, mode) } }
        for (position, argument) in CommandLine.arguments.enumerated() {
            if let mode = modeSpellings.first(where: { $0.0 == argument })?.1, !modeFlags.isEmpty {
                steps.append((position, { session.settings.selectByFlag(mode.mode) }))
            }
        }
        if let headerFlag { step(["header", "noheader"]) { session.settings.showHeaders(headerFlag == .header) } }
        if let separator { step(["separator"]) { session.settings.columnSeparator = Array(separator.utf8) } }
        if let newline { step(["newline"]) { session.settings.rowSeparator = Array(newline.utf8) } }
        if let nullValue { step(["nullvalue"]) { session.settings.nullValue = Array(nullValue.utf8) } }
        for step in steps.sorted(by: { $0.position < $1.position }) { step.apply() }
        session.bail = bail
        session.echo = echo
    }

    /// The last place on the command line of a flag or option named one of `names`, with one
    /// dash or two (and `=VALUE` or not); -1 when none is there.
    private static func lastPosition(of names: [String]) -> Int {
        let spellings = Set(names.flatMap { ["-" + $0, "--" + $0] })
        return CommandLine.arguments.lastIndex { argument in
            spellings.contains(String(argument.prefix { $0 != "=" }))
        } ?? -1
    }

    /// Runs `-init`, each `-cmd`, then the SQL arguments, or else standard input; returns
    /// whether something stopped the run with an error before standard input was read.
    private func runAll(in session: ShellSession) throws -> Bool {
        if let initFile, try session.read(initFile) == .quit { return session.failures > 0 }
        for command in preCommands {
            if try session.runLine(command, from: .argument) == .quit { return session.failures > 0 }
        }
        guard commands.isEmpty else {
            for command in commands {
                let before = session.failures
                if try session.runLine(command, from: .argument) == .quit || session.failures > before { return true }
            }
            return false
        }
        let atPrompt = interactive || (!batch && isatty(STDIN_FILENO) == 1)
        if atPrompt {
            let place = KeyStatements.withoutURIKeys(cluster.map { "database \(database ?? "(none named)") of the cluster at \($0)" } ?? database ?? "a transient in-memory database")
            let banner = "sqlctx \(ToolVersion.number) on \(place)\(readonly ? " (read-only)" : ""). .help lists the dot-commands, .quit leaves.\n"
            FileHandle.standardOutput.write(Data(banner.utf8))
            let terminal = TerminalInput(historyPath: ShellHistory.path, interrupts: session.interrupts)
            ShellCompletion.install { [database = session.database] in database.contextForCompletion() }
            try session.run(terminal, atPrompt: true)
        } else {
            try session.run(StreamInput(), atPrompt: false)
        }
        return false
    }
}
#endif
