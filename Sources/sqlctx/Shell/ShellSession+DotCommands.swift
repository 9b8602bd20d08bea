#if Tool
import Foundation
import PortableSQLPlus
import ShellSyntax

extension ShellSession {
    /// Runs the dot-command on `line` (see `DotCommandLine.help` for the list).
    ///
    /// - Returns: `.quit` for `.quit` and `.exit` (or a `.read` file that ran one), else `.proceed`.
    /// - Throws: `CommandFailure` for an unknown command or wrong arguments, and what the
    ///   command itself throws (`SQLError`, …).
    func runDotCommand(_ line: String) throws -> Next {
        let command = DotCommandLine(line)
        let arguments = command.arguments
        /// Throws `usage` unless the command has a number of arguments in `range`.
        func expect(_ range: ClosedRange<Int>, _ usage: String) throws {
            guard range.contains(arguments.count) else { throw ShellError.verbatim("Usage: \(usage)") }
        }
        switch command.name {
        case "quit", "exit":
            try expect(0...1, ".\(command.name)")
            return .quit
        case "help":
            try output.append(DotCommandLine.help)
        case "tables":
            try expect(0...1, ".tables [PATTERN]")
            try output.append(SchemaListing(context: try context).tables(like: arguments.first))
        case "schema":
            var indented = false, withoutSystemTables = false
            var pattern: String?
            for argument in arguments {
                switch DotCommandLine.option(argument) {
                case "indent": indented = true
                case "nosys": withoutSystemTables = true
                case .some: throw ShellError.verbatim("Unknown option: \"\(argument)\"")
                case nil:
                    guard pattern == nil else { throw ShellError.verbatim("Usage: .schema ?--indent? ?--nosys? ?LIKE-PATTERN?") }
                    pattern = argument
                }
            }
            try output.append(SchemaText(context: try context).text(like: pattern, withoutSystemTables: withoutSystemTables, indented: indented))
        case "fullschema":
            guard arguments.allSatisfy({ DotCommandLine.option($0) == "indent" }), arguments.count <= 1 else {
                throw ShellError.verbatim("Usage: .fullschema ?--indent?")
            }
            try output.append(bytes: fullSchema(indented: !arguments.isEmpty))
        case "indexes", "indices":
            try expect(0...1, ".indexes [TABLE]")
            try output.append(SchemaListing(context: try context).indexes(like: arguments.first))
        case "databases":
            try output.append(listedDatabases())
        case "open":
            try openDatabase(arguments)
        case "backup", "save":
            try backupDatabase(arguments, command: command.name)
        case "restore":
            try restoreDatabase(arguments)
        case "changes":
            try expect(1...1, ".changes on|off")
            reports.changes = try switchValue(arguments[0])
        case "timer":
            try expect(1...1, ".timer on|off")
            reports.timer = try switchValue(arguments[0])
        case "eqp":
            try expect(1...1, ".eqp off|on|trace|trigger|full")
            switch arguments[0].lowercased() {
            case "trigger": reports.queryPlans = .trigger
            case "full": reports.queryPlans = .full
            // sqlite3 takes `trace` only when SQLite is built for debugging, as neither engine is.
            default: reports.queryPlans = try switchValue(arguments[0]) ? .on : .off
            }
        case "stats":
            switch arguments.count {
            case 0:
                try output.append(ShellStatistics(context: database.openContext, statement: nil, report: reports.statistics == .vmstep ? .vmstep : .on).text())
            case 1:
                switch arguments[0] {
                case "stmt": reports.statistics = .stmt
                case "vmstep": reports.statistics = .vmstep
                default: reports.statistics = try switchValue(arguments[0]) ? .on : .off
                }
            default:
                throw ShellError.verbatim("Usage: .stats ?on|off|stmt|vmstep?")
            }
        case "log":
            try expect(1...1, ".log FILENAME")
            try log.send(to: arguments[0], privately: database.isEncrypted)
        case "dbinfo", "recover":
            throw CommandFailure(".\(command.name) reads the database's pages through the sqlite_dbpage table, which neither the system SQLite nor SQLCipher is built with (the system's sqlite3 fails it too: no such table: sqlite_dbpage)")
        case "excel":
            throw CommandFailure(".excel is not in sqlctx: write the result to a file with .once FILE.csv after .mode csv, and open that")
        case "parameter":
            try output.append(ShellParameters(context: try context).run(arguments))
        case "limit", "limits":
            try output.append(limits(arguments))
        case "prompt":
            if arguments.count > 0 { prompts.main = arguments[0] }
            if arguments.count > 1 { prompts.continuation = arguments[1] }
        case "shell", "system":
            guard !arguments.isEmpty else { throw ShellError.verbatim("Usage: .system COMMAND") }
            try runShellCommand(arguments)
        case "once":
            try expect(0...1, ".once FILE")
            if let file = arguments.first { try output.redirectOnce(to: file, privately: database.isEncrypted) }
        case "mode":
            try selectMode(arguments)
        case "headers", "header":
            try expect(1...1, ".headers on|off")
            settings.showHeaders(try switchValue(arguments[0]))
        case "nullvalue":
            try expect(1...1, ".nullvalue STRING")
            settings.nullValue = Array(arguments[0].utf8)
        case "separator":
            try expect(1...2, ".separator COL ?ROW?")
            settings.columnSeparator = Array(arguments[0].utf8)
            if arguments.count == 2 { settings.rowSeparator = Array(arguments[1].utf8) }
        case "width":
            settings.widths = try arguments.map { argument in
                guard let width = Int(argument) else { throw CommandFailure("Usage: .width NUM1 NUM2 ...") }
                return width
            }
        case "bail":
            try expect(1...1, ".bail on|off")
            bail = try switchValue(arguments[0])
        case "echo":
            try expect(1...1, ".echo on|off")
            echo = try switchValue(arguments[0])
        case "print":
            try output.append(arguments.joined(separator: " ") + "\n")
        case "show":
            try expect(0...0, ".show")
            try output.append(shownSettings())
        case "output":
            try expect(0...1, ".output [FILE]")
            try output.redirect(to: arguments.first, privately: database.isEncrypted)
        case "read":
            try expect(1...1, ".read FILE")
            return try read(arguments[0])
        case "import":
            try CSVImport(arguments: arguments).run(on: try context)
        case "dump":
            try expect(0...1, ".dump [TABLE]")
            try SQLDump(context: try context, output: output).write(tablesLike: arguments.first)
        default:
            throw CommandFailure("unknown command or invalid arguments:  \"\(command.name)\". Enter \".help\" for help")
        }
        return .proceed
    }

    /// The value of an on/off argument, read as sqlite3 reads it: `on`, `yes`, `true` or a
    /// non-zero number for on; `off`, `no`, `false` or 0 for off; anything else is off, with
    /// sqlite3's warning on standard error (not an error: the input goes on, the status stays 0).
    ///
    /// - Throws: `CommandFailure` when results gathered before the warning cannot be written.
    func switchValue(_ argument: String) throws -> Bool {
        switch argument.lowercased() {
        case "on", "yes", "true": return true
        case "off", "no", "false": return false
        default:
            if let number = Int(argument) { return number != 0 }
            try output.flush()
            FileHandle.standardError.write(Data("ERROR: Not a boolean value: \"\(argument)\". Assuming \"no\".\n".utf8))
            return false
        }
    }

    /// `.shell COMMAND…` (or `.system`): runs the words joined by spaces with `/bin/sh -c`, its
    /// output straight to the terminal, as sqlite3's `system()` does, and tells a non-zero
    /// wait status on standard error.
    ///
    /// - Throws: `CommandFailure` when `/bin/sh` cannot be started.
    func runShellCommand(_ arguments: [String]) throws {
        try output.flush()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", arguments.joined(separator: " ")]
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot run /bin/sh: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        // sqlite3 prints system()'s wait status: the exit status times 256, or the signal.
        let status = process.terminationReason == .exit ? process.terminationStatus << 8 : process.terminationStatus
        if status != 0 { FileHandle.standardError.write(Data("System command returns \(status)\n".utf8)) }
    }
}
#endif
