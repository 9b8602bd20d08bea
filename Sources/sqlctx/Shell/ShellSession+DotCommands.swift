#if Tool
import PortableSQLPlus

extension ShellSession {
    /// Runs the dot-command on `line` (see `DotCommandLine.help` for the list).
    ///
    /// - Returns: `.quit` for `.quit` and `.exit` (or a `.read` file that ran one), else `.proceed`.
    /// - Throws: `CommandFailure` for an unknown command or wrong arguments, and what the
    ///   command itself throws (`SQLError`, `ShellFailure` from a `.read` file, …).
    func runDotCommand(_ line: String) throws -> Next {
        let command = try DotCommandLine(line)
        let arguments = command.arguments
        /// Throws `usage` unless the command has a number of arguments in `range`.
        func expect(_ range: ClosedRange<Int>, _ usage: String) throws {
            guard range.contains(arguments.count) else { throw CommandFailure("usage: \(usage)") }
        }
        switch command.name {
        case "quit", "exit":
            try expect(0...0, ".\(command.name)")
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
            try expect(0...1, ".mode [\(ShellMode.allCases.map(\.rawValue).joined(separator: "|"))]")
            guard let name = arguments.first else {
                try output.append("\(mode.rawValue)\n")
                break
            }
            guard let chosen = ShellMode(rawValue: name.lowercased()) else {
                throw CommandFailure("no mode \(name): choose \(ShellMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            mode = chosen
        case "headers":
            try expect(1...1, ".headers on|off")
            switch arguments[0].lowercased() {
            case "on": headers = true
            case "off": headers = false
            default: throw CommandFailure("usage: .headers on|off")
            }
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
        case "":
            throw CommandFailure("a dot-command needs a name; .help lists them")
        default:
            throw CommandFailure("unknown command .\(command.name); .help lists the dot-commands")
        }
        return .proceed
    }
}
#endif
