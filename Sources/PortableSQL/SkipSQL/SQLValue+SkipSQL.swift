import Foundation

// SkipSQL's spellings on values, so that code written for SkipSQL compiles unchanged.
extension SQLValue {
    /// The value written as SkipSQL writes a literal (in a column's `DEFAULT`, say): numbers as
    /// Swift prints them, text in double quotes (doubled inside), a blob as `x'…'` in lower-case
    /// hex, `NULL`. For SQL that binds values instead, see `description`.
    public var literalValue: String {
        switch self {
        case .null: return "NULL"
        case .long(let value): return value.description
        case .real(let value): return value.description
        case .text(let value): return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        case .blob(let value): return "x'" + value.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    /// The kind of value: `.long`, `.real`, `.text`, `.blob` or `.null`.
    public var type: SQLType {
        switch self {
        case .null: return .null
        case .long: return .long
        case .real: return .real
        case .text: return .text
        case .blob: return .blob
        }
    }
}

extension SQLType {
    /// The type's name in `CREATE TABLE` (`"INTEGER"`, `"REAL"`, `"TEXT"`, `"BLOB"`, `"NULL"`).
    public var typeName: String { rawValue }
}
