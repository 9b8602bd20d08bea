#if Tool
import PortableSQL

/// sqlite3's `.parameter`: values for SQL parameters (`:x`, `@x`, `$x`, `?1`), kept in the
/// table `temp.sqlite_parameters(key, value)` and bound to every statement that names them.
struct ShellParameters {
    /// The database whose TEMP schema holds the values.
    let context: SQLContext

    /// What `.parameter` prints without a known subcommand.
    static let usage = """
        .parameter CMD ...       Manage SQL parameter bindings
           clear                   Erase all bindings
           init                    Initialize the TEMP table that holds bindings
           list                    List the current parameter bindings
           set PARAMETER VALUE     Given SQL parameter PARAMETER a value of VALUE
                                   PARAMETER should start with one of: $ : @ ?
           unset PARAMETER         Remove PARAMETER from the binding table

        """

    /// Runs `.parameter` with `arguments`.
    ///
    /// - Returns: what it prints: the list, or the usage for an unknown subcommand.
    /// - Throws: `SQLError` when the table cannot be made, read or written.
    func run(_ arguments: [String]) throws -> String {
        switch (arguments.first, arguments.count) {
        case ("clear", 1):
            try context.exec(sql: "DROP TABLE IF EXISTS temp.sqlite_parameters")
        case ("init", 1):
            try createTable()
        case ("list", 1):
            return try list()
        case ("set", 3):
            try createTable()
            try set(arguments[1], to: arguments[2])
        case ("unset", 2):
            if try exists() {
                try context.exec(sql: "DELETE FROM temp.sqlite_parameters WHERE key = ?", parameters: [.text(arguments[1])])
            }
        default:
            return Self.usage
        }
        return ""
    }

    /// Binds each parameter of `statement` that the table has a value for; the others stay NULL.
    ///
    /// - Throws: `SQLError` when the table cannot be read.
    func bind(_ statement: SQLStatement) throws {
        guard statement.parameterCount > 0, try exists() else { return }
        let lookup = try context.prepare(sql: "SELECT value FROM temp.sqlite_parameters WHERE key = ?")
        defer { try? lookup.close() }
        for (offset, name) in statement.parameterNames.enumerated() {
            let index = offset + 1
            lookup.reset()
            try lookup.bind(.text(name ?? "?\(index)"), at: 1)
            let value: SQLValue = try lookup.next() ? lookup.value(at: 0) : .null
            try statement.bind(value, at: index)
        }
    }

    /// Whether the table exists.
    private func exists() throws -> Bool {
        try !context.selectAll(sql: "SELECT 1 FROM temp.sqlite_master WHERE name = 'sqlite_parameters'").isEmpty
    }

    /// Makes the table when it is missing. Its name starts with `sqlite_`, which SQLite keeps
    /// for itself, so it is made as sqlite3 makes it: with `writable_schema` on for the moment.
    private func createTable() throws {
        guard try !exists() else { return }
        try context.exec(sql: "PRAGMA writable_schema = ON")
        defer { try? context.exec(sql: "PRAGMA writable_schema = OFF") }
        try context.exec(sql: "CREATE TABLE temp.sqlite_parameters(key TEXT PRIMARY KEY, value) WITHOUT ROWID")
    }

    /// Sets `key` to `value` read as SQL (`42`, `'text'`, `x'00'`, `1+1`), or as text when it
    /// is no SQL expression, as sqlite3 does.
    private func set(_ key: String, to value: String) throws {
        do {
            try context.exec(sql: "REPLACE INTO temp.sqlite_parameters(key, value) VALUES(?, \(value))", parameters: [.text(key)])
        } catch {
            try context.exec(sql: "REPLACE INTO temp.sqlite_parameters(key, value) VALUES(?, ?)", parameters: [.text(key), .text(value)])
        }
    }

    /// The bindings, a line each: the key, padded to the longest, and the value as SQL.
    private func list() throws -> String {
        guard try exists() else { return "" }
        let rows = try context.selectAll(sql: "SELECT key, quote(value) FROM temp.sqlite_parameters")
        let width = rows.map { ($0[0].textValue ?? "").utf8.count }.max() ?? 0
        return rows.map { row in
            let key = row[0].textValue ?? ""
            return key + String(repeating: " ", count: width - key.utf8.count) + " " + (row[1].textValue ?? "") + "\n"
        }.joined()
    }
}
#endif
