#if Tool
import Foundation
import PortableSQL
import ShellSyntax

/// `.import [--skip N] FILE TABLE`: adds the records of a CSV file (see `CSVRecords`, which
/// reads it as sqlite3 does) to a table, as sqlite3's `.import` does in csv mode. A missing
/// table is created from the first record, the header: one TEXT column per field, named by it.
/// Into an existing table every record is a row, the first too (`--skip 1` skips a header).
/// Each field is bound as text, its bytes as the file has them up to a NUL byte (valid UTF-8 or
/// not, as sqlite3 does), so the column's type affinity decides what is stored (an empty field
/// is empty text; a field the end of the file cuts before it starts, as in `a,` with no line
/// end, is NULL, as in sqlite3). Column names are SQL text, so a header's bytes that are not UTF-8
/// become U+FFFD in them.
///
/// As sqlite3, it warns on standard error, naming the file and line, about a quote that is
/// not escaped or a quoted field left open (which runs to the end of the file), and about a
/// record with too few fields (the rest are NULL) or too many (the extras are left out).
/// Unlike sqlite3, a row the table refuses stops the import and leaves the database as it was.
struct CSVImport {
    /// The CSV file.
    let file: String
    /// The table to fill.
    let table: String
    /// How many records to skip at the start.
    let skip: Int

    /// The import that `.import`'s `arguments` ask for.
    ///
    /// - Throws: `CommandFailure` for arguments that are not `[--skip N] FILE TABLE`.
    init(arguments: [String]) throws {
        let usage = CommandFailure("usage: .import [--skip N] FILE TABLE")
        var rest = arguments[...]
        var skip = 0
        if rest.first == "--skip" {
            guard rest.count >= 2, let count = Int(rest[rest.startIndex + 1]), count >= 0 else { throw usage }
            skip = count
            rest = rest.dropFirst(2)
        }
        guard rest.count == 2, let file = rest.first, let table = rest.last else { throw usage }
        self.file = file
        self.table = table
        self.skip = skip
    }

    /// Reads the file and adds its rows, creating the table when it is missing.
    ///
    /// - Throws: `CommandFailure` for a file that cannot be read or has no header for a new
    ///   table; `CommandFailure` naming the record's line for a row SQLite refuses. Nothing is
    ///   changed then.
    func run(on context: SQLContext) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure("cannot read \(file): \((error as NSError).localizedDescription)")
        }
        var records = CSVRecords.parse(data).dropFirst(skip)
        let existing = try context.selectAll(sql: "SELECT count(*) FROM pragma_table_info(?)", parameters: [.text(table)]).first?.first?.longValue ?? 0
        var create: String?
        var columns = Int(existing)
        if existing == 0 {
            guard let header = records.popFirst() else {
                throw CommandFailure("\(file) has no header row to make table \(table) from")
            }
            warn(header.problems.map { "\(file):\($0.line): \($0.message)" })
            create = "CREATE TABLE \(table.quotedName)(" + header.fields.map { "\(String(decoding: Self.text($0), as: UTF8.self).quotedName) TEXT" }.joined(separator: ", ") + ")"
            columns = header.fields.count
        }
        try context.exec(sql: "SAVEPOINT sqlctx_import")
        do {
            if let create { try context.exec(sql: create) }
            let insert = try context.prepare(sql: "INSERT INTO \(table.quotedName) VALUES(" + Array(repeating: "?", count: columns).joined(separator: ",") + ")")
            defer { try? insert.close() }
            for record in records {
                var messages = record.problems.map { "\(file):\($0.line): \($0.message)" }
                if record.fields.count != columns {
                    let outcome = record.fields.count < columns ? "filling the rest with NULL" : "extras ignored"
                    messages.append("\(file):\(record.line): expected \(columns) columns but found \(record.fields.count) - \(outcome)")
                }
                warn(messages)
                do {
                    for index in 0..<columns {
                        if index < record.fields.count, let field = record.fields[index] {
                            try insert.bind(textBytes: Self.text(field), at: index + 1)
                        } else {
                            try insert.bind(.null, at: index + 1)
                        }
                    }
                    try insert.update()
                } catch {
                    throw CommandFailure("\(file) line \(record.line): \(ShellError.message(for: error)); nothing was imported")
                }
            }
            try context.exec(sql: "RELEASE sqlctx_import")
        } catch {
            try? context.exec(sql: "ROLLBACK TO sqlctx_import")
            try? context.exec(sql: "RELEASE sqlctx_import")
            throw error
        }
    }

    /// A field's bytes as sqlite3 binds them: up to the first NUL.
    private static func text(_ field: Data?) -> Data {
        (field ?? Data()).prefix { $0 != 0 }
    }

    /// Writes `messages` on standard error, a line each.
    private func warn(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        FileHandle.standardError.write(Data(messages.map { $0 + "\n" }.joined().utf8))
    }
}
#endif
