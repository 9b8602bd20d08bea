#if Tool
import ArgumentParser
import Foundation
import PortableSQLPlus

/// `sqlctx info DB`: what a database file holds and how it is stored.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a database's engine, format, schema version, tables, views, indexes and triggers.",
        discussion: "Example: SQLCTX_KEY=secret sqlctx info encrypted.db"
    )

    @Argument(help: "The database file (it must exist).")
    var database: String

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    func run() throws {
        try reportingErrors {
            let context = try keyOptions.openExisting(database, cipher: cipherOptions, readOnly: true)
            defer { try? context.close() }
            func pragma(_ name: String) throws -> SQLValue {
                try context.selectAll(sql: "PRAGMA \(name)").first?.first ?? .null
            }
            // SQLCipher 4 answers some numeric pragmas with text.
            func number(_ name: String) throws -> String {
                let value = try pragma(name)
                return (value.longValue ?? value.textValue.flatMap { Int64($0) }).map(String.init) ?? "\(value)"
            }
            var lines: [(String, String)] = [("file", database)]
            if let cipherVersion = context.cipherVersion {
                lines.append(("engine", "SQLCipher \(cipherVersion) (SQLite \(context.version))"))
            } else {
                lines.append(("engine", "system SQLite \(context.version)"))
            }
            lines.append(("sqlcipher", describeCipherEngine()))
            lines.append(("encrypted", context.isEncrypted ? "yes" : "no"))
            lines.append(("page size", try number("page_size")))
            lines.append(("page count", try number("page_count")))
            lines.append(("user_version", "\(try context.getUserVersion())"))
            lines.append(("journal mode", try pragma("journal_mode").textValue ?? "?"))
            lines.append(("wal reset", context.walResetBugWarning.map { "affected: " + $0 } ?? "not affected (SQLite \(context.version))"))
            let tables = try context.selectAll(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            for case let .text(name) in tables.compactMap(\.first) {
                let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                let count = try context.selectAll(sql: "SELECT count(*) FROM \(quoted)").first?.first ?? .null
                lines.append(("table \(name)", "\(count) rows"))
            }
            if tables.isEmpty { lines.append(("tables", "none")) }
            // Views with their number of columns (counting their rows could mean running a long query),
            // then indexes and triggers with the table each belongs to.
            let others = try context.selectAll(sql: """
                SELECT type, name, tbl_name FROM sqlite_master
                WHERE type IN ('view', 'index', 'trigger') AND name NOT LIKE 'sqlite_%'
                ORDER BY CASE type WHEN 'view' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name
                """)
            for row in others {
                guard case let (.text(type), .text(name), .text(table)) = (row[0], row[1], row[2]) else { continue }
                if type == "view" {
                    let columns = try context.selectAll(sql: "SELECT count(*) FROM pragma_table_info(?)", parameters: [.text(name)]).first?.first ?? .null
                    lines.append(("view \(name)", "\(columns) columns"))
                } else {
                    lines.append(("\(type) \(name)", "on \(table)"))
                }
            }
            let width = lines.map(\.0.count).max() ?? 0
            for (label, value) in lines {
                print(label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
            }
        }
    }
}
#endif
