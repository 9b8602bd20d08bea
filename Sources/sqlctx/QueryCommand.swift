#if Tool
import ArgumentParser
import Foundation
import PortableSQL

/// `sqlctx query DB SQL`: runs one statement with bound parameters and prints its rows.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run one SQL statement on a database and print its rows.",
        discussion: """
            Parameters are bound to the statement's placeholders in order, never spliced into the \
            SQL. A parameter is an integer or a real when it reads as one, else text; prefix it to \
            choose: int:42, real:4.2, text:42, blob:CAFE (hex), or write null.

            Example: sqlctx query library.db "SELECT title FROM book WHERE year < ?" --param 1980 --format json
            """
    )

    @Argument(help: "The database file (it must exist).")
    var database: String

    @Argument(help: "One SQL statement.")
    var sql: String

    @Option(name: .customLong("param"), help: "A value for the next placeholder (repeat for more).")
    var parameters: [String] = []

    @Option(name: .long, help: "Output format: table (one line per row: control characters escaped, as \\n), or json or csv (exact values).")
    var format: ResultFormat = .table

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    func run() throws {
        try reportingErrors {
            let values = try parameters.map(Self.parse)
            let context = try keyOptions.openExisting(database, cipher: cipherOptions)
            defer { try? context.close() }
            let statement = try context.prepare(sql: sql)
            defer { try? statement.close() }
            // The library prepares the first statement of a script, as SkipSQL does; a tool that
            // ran part of what it was given would surprise.
            guard statement.sql == sql else {
                throw CommandFailure(
                    "sqlctx query runs one statement; run a script's statements one query at a time, or as a migration file with `sqlctx migrate`")
            }
            // The library binds NULL to parameters left over, as SQLite does; a tool says so instead.
            guard values.count == statement.parameterCount else {
                throw CommandFailure("the statement takes \(statement.parameterCount) parameter(s); \(values.count) --param given")
            }
            try statement.bind(parameters: values)
            var rows: [[SQLValue]] = []
            while try statement.next() {
                rows.append(statement.rowValues())
            }
            if statement.columnCount > 0 {
                print(format.render(columns: statement.columnNames, rows: rows), terminator: "")
            } else if format == .table {
                print("(\(context.changes) row\(context.changes == 1 ? "" : "s") changed)")
            }
        }
    }

    /// A parameter as typed on the command line.
    static func parse(_ text: String) throws -> SQLValue {
        if text == "null" { return .null }
        if text.hasPrefix("int:") {
            guard let value = Int64(text.dropFirst(4)) else { throw CommandFailure("not an integer: \(text)") }
            return .long(value)
        }
        if text.hasPrefix("real:") {
            guard let value = Double(text.dropFirst(5)) else { throw CommandFailure("not a real number: \(text)") }
            return .real(value)
        }
        if text.hasPrefix("text:") { return .text(String(text.dropFirst(5))) }
        if text.hasPrefix("blob:") {
            let hex = Array(text.dropFirst(5).utf8)
            var bytes: [UInt8] = []
            var index = 0
            while index + 1 < hex.count, let byte = UInt8(String(decoding: hex[index...index + 1], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                index += 2
            }
            guard index == hex.count else { throw CommandFailure("not hexadecimal bytes: \(text)") }
            return .blob(Data(bytes))
        }
        if let integer = Int64(text) { return .long(integer) }
        if let real = Double(text), real.isFinite { return .real(real) }
        return .text(text)
    }
}
#endif
