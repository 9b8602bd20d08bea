#if Tool
import ArgumentParser
import Foundation
import PortableSQL

/// How `sqlctx query` (and the shell's table, json and csv modes) print rows.
enum ResultFormat: String, ExpressibleByArgument, CaseIterable {
    /// Aligned columns with a header line, one line per row: control characters in names and
    /// values are shown escaped (a newline as `\n`).
    case table
    /// An array of objects, one per row, keyed by column name; blobs as base64 strings.
    case json
    /// RFC 4180: a header record, then one record per row, CRLF line ends.
    case csv

    /// The rows rendered in this format; without `headers`, table and CSV output leave out their
    /// header lines (JSON names every value anyway).
    func render(columns: [String], rows: [[SQLValue]], headers: Bool = true) -> String {
        switch self {
        case .table: return Self.table(columns: columns, rows: rows, headers: headers)
        case .json: return Self.json(columns: columns, rows: rows)
        case .csv: return Self.csv(columns: columns, rows: rows, headers: headers)
        }
    }

    /// A value as table output shows it: NULL, numbers, text as it is, blobs as `x'CAFE'`.
    static func plain(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .long(let integer): return String(integer)
        case .real(let double): return String(double)
        case .text(let text): return text
        case .blob(let bytes): return "x'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }

    private static func table(columns: [String], rows: [[SQLValue]], headers: Bool) -> String {
        let columns = columns.map(escapingControlCharacters)
        let cells = rows.map { $0.map { escapingControlCharacters(plain($0)) } }
        let widths = columns.indices.map { index in
            ((headers ? [columns[index]] : []) + cells.map { $0[index] }).map(\.count).max() ?? 0
        }
        func line(_ fields: [String]) -> String {
            zip(fields, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = headers ? [line(columns), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")] : []
        lines += cells.map(line)
        lines.append("(\(rows.count) row\(rows.count == 1 ? "" : "s"))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with its control characters escaped, so that it stays on one line: `\n`, `\r` and
    /// `\t`, and the others as `\u{1B}`.
    static func escapingControlCharacters(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.properties.generalCategory == .control: escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func json(columns: [String], rows: [[SQLValue]]) -> String {
        let objects = rows.map { row in
            "  {" + zip(columns, row).map { "\(jsonString($0)): \(jsonValue($1))" }.joined(separator: ", ") + "}"
        }
        return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    private static func jsonValue(_ value: SQLValue) -> String {
        switch value {
        case .null: return "null"
        case .long(let integer): return String(integer)
        case .real(let double): return double.isFinite ? String(double) : "null"
        case .text(let text): return jsonString(text)
        case .blob(let bytes): return jsonString(bytes.base64EncodedString())
        }
    }

    private static func jsonString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04X", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    private static func csv(columns: [String], rows: [[SQLValue]], headers: Bool) -> String {
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        func csvValue(_ value: SQLValue) -> String {
            value.isNull ? "" : field(plain(value))
        }
        let records = (headers ? [columns.map(field).joined(separator: ",")] : []) + rows.map { $0.map(csvValue).joined(separator: ",") }
        return records.map { $0 + "\r\n" }.joined()
    }
}
#endif
