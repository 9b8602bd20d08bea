#if Tool
import PortableSQLPlus

extension ShellSession {
    /// Runs the dot-command on `line` (see `DotCommandLine.help` for the list).
    ///
    /// - Returns: `.quit` for `.quit` and `.exit` (or a `.read` file that ran one), else `.proceed`.
    /// - Throws: `CommandFailure` for an unknown command or wrong arguments, and what the
    ///   command itself throws (`SQLError`, …).
    func runDotCommand(_ line: String) throws -> Next {
        let command = try DotCommandLine(line)
        let arguments = command.arguments
        /// Throws `usage` unless the command has a number of arguments in `range`.
        func expect(_ range: ClosedRange<Int>, _ usage: String) throws {
            guard range.contains(arguments.count) else { throw CommandFailure("Usage: \(usage)") }
        }
        switch command.name {
        case "quit", "exit":
            try expect(0...1, ".\(command.name)")
            return .quit
        case "help":
            try output.append(DotCommandLine.help)
        case "tables":
            try expect(0...1, ".tables [PATTERN]")
            try output.append(SchemaListing(context: context).tables(like: arguments.first))
        case "schema":
            try expect(0...1, ".schema [TABLE]")
            try output.append(SchemaListing(context: context).schema(like: arguments.first))
        case "indexes", "indices":
            try expect(0...1, ".indexes [TABLE]")
            try output.append(SchemaListing(context: context).indexes(like: arguments.first))
        case "mode":
            try selectMode(arguments)
        case "headers", "header":
            try expect(1...1, ".headers on|off")
            settings.showHeaders(try Self.switchValue(arguments[0]))
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
            bail = try Self.switchValue(arguments[0])
        case "echo":
            try expect(1...1, ".echo on|off")
            echo = try Self.switchValue(arguments[0])
        case "print":
            try output.append(arguments.joined(separator: " ") + "\n")
        case "show":
            try expect(0...0, ".show")
            try output.append(shownSettings())
        case "output":
            try expect(0...1, ".output [FILE]")
            try output.redirect(to: arguments.first, privately: context.isEncrypted)
        case "read":
            try expect(1...1, ".read FILE")
            return try read(arguments[0])
        case "import":
            try CSVImport(arguments: arguments).run(on: context)
        case "dump":
            try expect(0...1, ".dump [TABLE]")
            try SQLDump(context: context, output: output).write(tablesLike: arguments.first)
        default:
            throw CommandFailure("unknown command or invalid arguments:  \"\(command.name)\". Enter \".help\" for help")
        }
        return .proceed
    }

    /// The value of an on/off argument, read as sqlite3 reads it: `on`, `yes`, `true` or a
    /// non-zero number for on; `off`, `no`, `false` or 0 for off.
    ///
    /// - Throws: `CommandFailure` for anything else.
    static func switchValue(_ argument: String) throws -> Bool {
        switch argument.lowercased() {
        case "on", "yes", "true": return true
        case "off", "no", "false": return false
        default:
            guard let number = Int(argument) else { throw CommandFailure("ERROR: Not a boolean value: \"\(argument)\". Assuming \"no\".") }
            return number != 0
        }
    }
}
#endif
