#if Tool
import Foundation
import PortableSQL

/// Prints a result in the modes that print row by row (list, tabs, ascii, csv, line, html,
/// quote, insert, json, tcl), as sqlite3 prints it. Column names are printed above the first row,
/// so a result without rows prints nothing.
struct RowRenderer {
    let settings: ShellSettings
    let literals: SQLiteLiterals

    /// The bytes that print `result`.
    func render(_ result: ShellResult) -> [UInt8] {
        guard !result.rows.isEmpty else { return [] }
        var out: [UInt8] = []
        let names = result.columns.map { Array($0.utf8) }
        switch settings.mode {
        case .list, .tabs, .ascii:
            if settings.headers { out += joined(names) + settings.rowSeparator }
            for row in result.rows { out += joined(row.map { $0.text ?? settings.nullValue }) + settings.rowSeparator }
        case .csv:
            if settings.headers { out += joined(names.map(csvField)) + settings.rowSeparator }
            for row in result.rows { out += joined(row.map { $0.text.map(csvField) ?? settings.nullValue }) + settings.rowSeparator }
        case .line:
            let width = max(5, names.map(\.count).max() ?? 0)
            for (index, row) in result.rows.enumerated() {
                if index > 0 { out += settings.rowSeparator }
                for (name, cell) in zip(names, row) {
                    out += [UInt8](repeating: 0x20, count: width - name.count) + name + Array(" = ".utf8) + (cell.text ?? settings.nullValue) + settings.rowSeparator
                }
            }
        case .tcl:
            if settings.headers { out += joined(names.map(Self.cString)) + settings.rowSeparator }
            for row in result.rows { out += joined(row.map { Self.cString($0.text ?? settings.nullValue) }) + settings.rowSeparator }
        case .html:
            if settings.headers { out += htmlRow(names, tag: "TH") }
            for row in result.rows { out += htmlRow(row.map { $0.text ?? settings.nullValue }, tag: "TD") }
        case .quote:
            if settings.headers { out += joined(names.map(SQLiteLiterals.string)) + settings.rowSeparator }
            for row in result.rows { out += joined(row.map { quoted($0, infinity: { $0 > 0 ? "Inf" : "-Inf" }) }) + settings.rowSeparator }
        case .insert:
            let columns = settings.headers ? "(" + result.columns.map(SQLiteLiterals.name).joined(separator: ",") + ")" : ""
            let start = Array("INSERT INTO \(SQLiteLiterals.name(settings.insertTable))\(columns) VALUES(".utf8)
            for row in result.rows {
                out += start + Array(row.map { insertValue($0) }.joined(separator: [0x2C])) + Array(");\n".utf8)
            }
        case .json:
            out += Array("[".utf8)
            for (index, row) in result.rows.enumerated() {
                if index > 0 { out += Array(",\n".utf8) }
                let members = zip(names, row).map { name, cell in Self.jsonString(name) + [0x3A] + jsonValue(cell) }
                out += [0x7B] + Array(members.joined(separator: [0x2C])) + [0x7D]
            }
            out += Array("]\n".utf8)
        case .column, .table, .box, .markdown:
            break
        }
        return out
    }

    /// `fields` apart by the column separator.
    private func joined(_ fields: [[UInt8]]) -> [UInt8] {
        Array(fields.joined(separator: settings.columnSeparator))
    }

    /// A CSV field: in double quotes (each one doubled) when it is empty, holds the column
    /// separator, or a byte sqlite3 quotes (controls, space, quotes, DEL and beyond ASCII).
    private func csvField(_ text: [UInt8]) -> [UInt8] {
        let needsQuotes = text.isEmpty || text.contains { $0 <= 0x20 || $0 == 0x22 || $0 == 0x27 || $0 >= 0x7F }
            || (!settings.columnSeparator.isEmpty && text.firstRange(of: settings.columnSeparator) != nil)
        guard needsQuotes else { return text }
        var quoted: [UInt8] = [0x22]
        for byte in text {
            quoted.append(byte)
            if byte == 0x22 { quoted.append(0x22) }
        }
        return quoted + [0x22]
    }

    /// `text` as a C string literal, as tcl mode writes a value: C's escapes, and every byte
    /// outside printable ASCII in octal.
    private static func cString(_ text: [UInt8]) -> [UInt8] {
        SQLiteLiterals.doubleQuoted(text) { byte in
            SQLiteLiterals.cEscape(byte) ?? (byte >= 0x7F ? String(format: "\\%03o", byte) : nil)
        }
    }

    /// An HTML table row of `cells`, escaped, in `tag` elements.
    private func htmlRow(_ cells: [[UInt8]], tag: String) -> [UInt8] {
        var row = Array("<TR>".utf8)
        for cell in cells {
            row += Array("<\(tag)>".utf8) + Self.htmlEscaped(cell) + Array("</\(tag)>\n".utf8)
        }
        return row + Array("</TR>\n".utf8)
    }

    private static func htmlEscaped(_ text: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        for byte in text {
            switch byte {
            case 0x3C: escaped += Array("&lt;".utf8)
            case 0x26: escaped += Array("&amp;".utf8)
            case 0x3E: escaped += Array("&gt;".utf8)
            case 0x22: escaped += Array("&quot;".utf8)
            case 0x27: escaped += Array("&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return escaped
    }

    /// A value as quote mode writes it: a SQL literal.
    private func quoted(_ cell: ShellCell, infinity: (Double) -> String) -> [UInt8] {
        switch cell.value {
        case .null: Array("NULL".utf8)
        case .long(let integer): Array(String(integer).utf8)
        case .real(let real): Array(literals.real(real, infinity: infinity).utf8)
        case .text: SQLiteLiterals.string(cell.text ?? [])
        case .blob(let bytes): SQLiteLiterals.blob(bytes)
        }
    }

    /// A value as insert mode writes it: a SQL literal, with a text's line ends written as
    /// `\n` and `\r` and put back by `replace()`.
    private func insertValue(_ cell: ShellCell) -> [UInt8] {
        guard case .text = cell.value, let text = cell.text, text.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
            return quoted(cell, infinity: { $0 > 0 ? "1e999" : "-1e999" })
        }
        var escaped: [UInt8] = []
        for byte in text {
            switch byte {
            case 0x0A: escaped += Array("\\n".utf8)
            case 0x0D: escaped += Array("\\r".utf8)
            default: escaped.append(byte)
            }
        }
        var literal = SQLiteLiterals.string(escaped)
        if text.contains(0x0D) { literal = Array("replace(".utf8) + literal + Array(",'\\r',char(13))".utf8) }
        if text.contains(0x0A) { literal = Array("replace(".utf8) + literal + Array(",'\\n',char(10))".utf8) }
        return literal
    }

    /// A value as json mode writes it.
    private func jsonValue(_ cell: ShellCell) -> [UInt8] {
        switch cell.value {
        case .null: Array("null".utf8)
        case .long, .real: quoted(cell, infinity: { $0 > 0 ? "1e999" : "-1e999" })
        case .text: Self.jsonString(cell.text ?? [])
        case .blob(let bytes): Self.jsonString(Array(bytes))
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func jsonString(_ text: [UInt8]) -> [UInt8] {
        SQLiteLiterals.doubleQuoted(text) { byte in
            switch byte {
            case 0x22: "\\\""
            case 0x5C: "\\\\"
            case 0x08: "\\b"
            case 0x0C: "\\f"
            case 0x0A: "\\n"
            case 0x0D: "\\r"
            case 0x09: "\\t"
            case ..<0x20: String(format: "\\u%04x", byte)
            default: nil
            }
        }
    }
}
#endif
