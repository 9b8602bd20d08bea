#if Tool
import PortableSQL

extension ShellSession {
    /// SQLite's run-time limits, in the order of their numbers (`SQLITE_LIMIT_LENGTH` is 0).
    static let limitNames = [
        "length", "sql_length", "column", "expr_depth", "compound_select", "vdbe_op",
        "function_arg", "attached", "like_pattern_length", "variable_number", "trigger_depth", "worker_threads",
    ]

    /// `.limit [NAME [VALUE]]`: every limit, or the one whose name starts with `NAME` (in any
    /// case), first set to `VALUE`, each on a line as sqlite3 prints it.
    ///
    /// - Throws: `ShellError` for a name that no limit or several limits start with, or a
    ///   value that is no number; `CommandFailure` on an engine without limits (the cluster).
    func limits(_ arguments: [String]) throws -> String {
        guard arguments.count <= 2 else { throw ShellError.verbatim("Usage: .limit NAME ?NEW-VALUE?") }
        let context = try context
        func line(_ index: Int) throws -> String {
            guard let value = context.limit(Int32(index)) else { throw CommandFailure("this database's engine has no run-time limits") }
            let name = Self.limitNames[index]
            return String(repeating: " ", count: max(20 - name.count, 0)) + name + " \(value)\n"
        }
        guard let name = arguments.first?.lowercased() else {
            return try Self.limitNames.indices.map(line).joined()
        }
        let matches = Self.limitNames.indices.filter { Self.limitNames[$0].hasPrefix(name) }
        guard matches.count == 1, let index = matches.first else {
            throw ShellError.verbatim(matches.isEmpty
                ? "unknown limit: \"\(arguments[0])\"\nenter \".limits\" with no arguments for a list."
                : "ambiguous limit: \"\(arguments[0])\"")
        }
        if arguments.count == 2 {
            guard let value = Int32(arguments[1]) else { throw ShellError.verbatim("Usage: .limit NAME ?NEW-VALUE?") }
            _ = context.limit(Int32(index), setting: value)
        }
        return try line(index)
    }
}
#endif
