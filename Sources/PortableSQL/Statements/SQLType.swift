/// A storage type: how a `SQLColumn` is declared in `CREATE TABLE`, and what kind of value a
/// statement's column holds in the current row (`SQLStatement.type(at:)`).
public enum SQLType: String, Hashable, Sendable, CaseIterable {
    /// `INTEGER`: 64-bit integers (`SQLValue.long`).
    case long = "INTEGER"
    /// `REAL`: doubles (`SQLValue.real`).
    case real = "REAL"
    /// `TEXT`: UTF-8 text (`SQLValue.text`).
    case text = "TEXT"
    /// `BLOB`: bytes (`SQLValue.blob`).
    case blob = "BLOB"
    /// NULL: in a row, a NULL value; as a column's declared type, no type at all (the column
    /// takes any value, as SQLite's untyped columns do).
    case null = "NULL"

    /// The type of SQLite's column type code (`SQLITE_INTEGER` … `SQLITE_NULL`).
    package init(columnTypeCode code: Int32) {
        switch code {
        case SQLiteTypeCode.integer: self = .long
        case SQLiteTypeCode.float: self = .real
        case SQLiteTypeCode.text: self = .text
        case SQLiteTypeCode.blob: self = .blob
        default: self = .null
        }
    }
}
