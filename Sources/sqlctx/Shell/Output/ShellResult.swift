#if Tool
import Foundation
import PortableSQL

/// One value of a result row as the shell prints it: its storage class, and SQLite's own text
/// of it (`sqlite3_column_text`, cut at a NUL as sqlite3 prints it), which most modes print.
struct ShellCell {
    /// The value.
    let value: SQLValue
    /// SQLite's text of the value, up to its first NUL; `nil` for NULL.
    let text: [UInt8]?
}

/// A statement's result: its column names and rows, read from a statement that has just
/// stepped to each row.
struct ShellResult {
    /// The column names.
    let columns: [String]
    /// The rows read so far.
    var rows: [[ShellCell]] = []

    /// A result with `columns` and no row yet.
    init(columns: [String]) {
        self.columns = columns
    }

    /// Reads the row `statement` is on.
    mutating func append(rowOf statement: SQLStatement) {
        rows.append((0..<columns.count).map { index in
            let value = statement.value(at: index)
            let text: [UInt8]?
            switch value {
            case .null: text = nil
            case .long(let integer): text = Array(String(integer).utf8)
            case .text, .real: text = statement.textBytes(at: index).map(Self.upToNUL)
            case .blob(let bytes): text = Self.upToNUL(bytes)
            }
            return ShellCell(value: value, text: text)
        })
    }

    /// `bytes` up to their first NUL, where C's `%s` stops.
    private static func upToNUL(_ bytes: Data) -> [UInt8] {
        Array(bytes.prefix { $0 != 0 })
    }
}
#endif
