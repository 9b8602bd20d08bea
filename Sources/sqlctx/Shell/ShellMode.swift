#if Tool
import PortableSQL

/// How the shell prints a statement's rows (`.mode`), and whether with headers (`.headers`).
enum ShellMode: String, CaseIterable {
    /// `sqlctx query`'s table: aligned columns, one line per row, control characters escaped.
    case table
    /// RFC 4180 CSV, exact values, as `sqlctx query --format csv` and `sqlite3 -csv` write it.
    case csv
    /// An array of objects, as `sqlctx query --format json` writes it.
    case json
    /// One `name = value` line per column and a blank line between rows, as sqlite3's line
    /// mode; control characters escaped as in table mode.
    case line

    /// The rows rendered in this mode; `headers` is taken by table and csv modes.
    func render(columns: [String], rows: [[SQLValue]], headers: Bool) -> String {
        switch self {
        case .table: return ResultFormat.table.render(columns: columns, rows: rows, headers: headers)
        case .csv: return ResultFormat.csv.render(columns: columns, rows: rows, headers: headers)
        case .json: return ResultFormat.json.render(columns: columns, rows: rows)
        case .line: return Self.lines(columns: columns, rows: rows)
        }
    }

    /// Line mode: each row as `name = value` lines, names aligned right, rows apart by a blank line.
    private static func lines(columns: [String], rows: [[SQLValue]]) -> String {
        let names = columns.map(ResultFormat.escapingControlCharacters)
        let width = names.map(\.count).max() ?? 0
        return rows.map { row in
            zip(names, row).map { name, value in
                String(repeating: " ", count: width - name.count) + name + " = " + ResultFormat.escapingControlCharacters(ResultFormat.plain(value)) + "\n"
            }.joined()
        }.joined(separator: "\n")
    }
}
#endif
