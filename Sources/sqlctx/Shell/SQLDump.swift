#if Tool
import Foundation
import PortableSQL

/// `.dump`: SQL text that rebuilds the database, in the form sqlite3's `.dump` writes, so that
/// `sqlite3` (or `sqlctx`) reading it makes the same tables, rows, indexes, views and triggers.
///
/// It runs in one transaction (`BEGIN TRANSACTION` … `COMMIT`) with foreign keys off: each
/// table's CREATE statement and its rows as `INSERT` statements, then AUTOINCREMENT counters
/// (`sqlite_sequence`), then indexes, triggers and views, then, for a whole-database dump,
/// `PRAGMA user_version=N`. Values keep their type: integers, reals (shortest exact form),
/// text quoted (a text with control characters other than newline and tab, or not valid UTF-8,
/// as `CAST(X'…' AS TEXT)`, exact bytes), blobs as `X'…'`, NULL. Generated columns are left to
/// be computed again. A virtual table is dumped by its CREATE statement and its rows, and its
/// shadow tables not at all (the module rebuilds them). Statistics tables (`sqlite_stat1`) are
/// not dumped; ANALYZE makes them again. An encrypted database dumps its data only: no key, and
/// no cipher settings.
struct SQLDump {
    /// The database dumped.
    let context: SQLContext
    /// Where the dump is written.
    let output: ShellOutput

    /// Writes the dump of every table named like `pattern` (a LIKE pattern), with the indexes,
    /// triggers and views of those tables; of the whole database when `pattern` is `nil`.
    ///
    /// - Throws: `SQLError` when the database cannot be read, `CommandFailure` when the
    ///   output cannot be written.
    func write(tablesLike pattern: String?) throws {
        try context.exec(sql: "SAVEPOINT sqlctx_dump")
        do {
            try writeDump(pattern)
            try context.exec(sql: "RELEASE sqlctx_dump")
        } catch {
            try? context.exec(sql: "ROLLBACK TO sqlctx_dump")
            try? context.exec(sql: "RELEASE sqlctx_dump")
            throw error
        }
    }

    /// The dump itself, read inside one transaction so that it is one moment's database.
    private func writeDump(_ pattern: String?) throws {
        let like: [SQLValue] = [.text(pattern ?? "%")]
        try output.append("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        let tables = try context.selectAll(sql: """
            SELECT name, sql FROM sqlite_master
            WHERE type = 'table' AND sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name LIKE ?
            ORDER BY rowid
            """, parameters: like)
        for row in tables {
            guard let name = row[0].textValue, let sql = row[1].textValue, try !isShadowTable(name) else { continue }
            try output.append(sql + ";\n")
            try writeRows(of: name)
        }
        let hasSequence = try !context.selectAll(sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").isEmpty
        if pattern == nil, hasSequence {
            try output.append("DELETE FROM sqlite_sequence;\n")
            try writeRows(of: "sqlite_sequence")
        }
        let others = try context.selectAll(sql: """
            SELECT sql FROM sqlite_master
            WHERE type IN ('index', 'trigger', 'view') AND sql IS NOT NULL AND tbl_name LIKE ?
            ORDER BY rowid
            """, parameters: like)
        for case let .text(sql)? in others.map(\.first) {
            try output.append(sql + ";\n")
        }
        if pattern == nil {
            let version = try context.selectAll(sql: "PRAGMA user_version").first?.first?.longValue ?? 0
            try output.append("PRAGMA user_version=\(version);\n")
        }
        try output.append("COMMIT;\n")
    }

    /// Whether the table named `name` holds a virtual table's data (FTS5's `…_data`, say).
    private func isShadowTable(_ name: String) throws -> Bool {
        try context.selectAll(sql: "SELECT type FROM pragma_table_list WHERE name = ?", parameters: [.text(name)]).first?.first?.textValue == "shadow"
    }

    /// One `INSERT` statement for each row of the table `name`, of every column but generated ones.
    private func writeRows(of name: String) throws {
        let columns = try context.selectAll(sql: "SELECT name, hidden FROM pragma_table_xinfo(?)", parameters: [.text(name)])
        let stored = columns.filter { $0[1].longValue == 0 }.compactMap { $0[0].textValue?.quotedName }
        guard !stored.isEmpty else { return }
        let list = stored.joined(separator: ",")
        let insert = "INSERT INTO \(name.quotedName)" + (stored.count == columns.count ? "" : "(\(list))") + " VALUES("
        let select = try context.prepare(sql: "SELECT \(list) FROM \(name.quotedName)")
        defer { try? select.close() }
        while try select.next() {
            let values = (0..<select.columnCount).map { index in
                // Text from its bytes, so that text that is not valid UTF-8 is kept as it is.
                guard case .text = select.value(at: index) else { return Self.literal(select.value(at: index)) }
                return Self.textLiteral(select.textBytes(at: Int(index)) ?? Data())
            }
            try output.append(insert + values.joined(separator: ",") + ");\n")
        }
    }

    /// `value` as a SQL literal of the same type and value (text is written by `textLiteral(_:)`).
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .long(let integer): return String(integer)
        case .real(let real) where real.isNaN: return "NULL"
        case .real(let real) where real.isInfinite: return real > 0 ? "9.0e+999" : "-9.0e+999"
        case .real(let real): return "\(real)"
        case .text(let text): return textLiteral(Data(text.utf8))
        case .blob(let bytes): return "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }

    /// A text's exact bytes as a SQL literal: `'…'` with quotes doubled, or, for bytes that are
    /// not valid UTF-8 or that hold control characters other than newline and tab (which a
    /// program reading the dump line by line could change, like `\r`), `CAST(X'…' AS TEXT)`.
    static func textLiteral(_ bytes: Data) -> String {
        let plain = !bytes.contains { $0 < 0x20 && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t") }
        if plain, let text = String(data: bytes, encoding: .utf8) {
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return "CAST(" + literal(.blob(bytes)) + " AS TEXT)"
    }
}

extension String {
    /// The name as a SQL identifier in double quotes, any `"` in it doubled.
    var quotedName: String {
        "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
#endif
