#if Tool
/// How the shell prints a statement's rows (`.mode`, or a flag such as `-json`): sqlite3's
/// modes, each printing what sqlite3 3.40 prints, byte for byte.
enum ShellMode: String, CaseIterable {
    /// Values apart by the column separator (`|`), rows by the row separator (newline).
    case list
    /// Values in aligned columns of text; column names above them with `.headers on`.
    case column
    /// Aligned columns in a frame of `+`, `-` and `|`, names centred on top.
    case table
    /// Aligned columns in a frame of box-drawing characters, names centred on top.
    case box
    /// A Markdown table.
    case markdown
    /// Comma-separated values, quoted where needed; rows end with CRLF.
    case csv
    /// An array of JSON objects, one per row.
    case json
    /// One `name = value` line per column, rows apart by a blank line.
    case line
    /// HTML table rows.
    case html
    /// SQL `INSERT` statements for the table `.mode insert TABLE` names.
    case insert
    /// Values as SQL literals, apart by commas.
    case quote
    /// Values apart by tabs (list mode with a tab separator).
    case tabs
    /// Values apart by the ASCII unit separator (0x1F), rows by the record separator (0x1E).
    case ascii
    /// Values as TCL list elements: in double quotes, with C's escapes, apart by spaces.
    case tcl

    /// Whether the mode aligns values in columns, which needs every row before the first line.
    var isColumnar: Bool {
        switch self {
        case .column, .table, .box, .markdown: true
        default: false
        }
    }

    /// The name `.mode` alone reports (`tabs` is list mode with another separator, as in sqlite3).
    var reportedName: String {
        self == .tabs ? "list" : rawValue
    }
}
#endif
