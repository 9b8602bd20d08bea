/// A storage type: how a `SQLColumn` is declared in `CREATE TABLE`, and what kind of value a
/// statement's column holds in the current row (`SQLStatement.type(at:)`).
///
/// The raw value is SQLite's type code (`SQLITE_INTEGER` 1 … `SQLITE_NULL` 5), as in SkipSQL;
/// `typeName` is the name in SQL.
public enum SQLType: Int32, Hashable, Sendable, CaseIterable {
    /// `INTEGER`: 64-bit integers (`SQLValue.long`).
    case long = 1
    /// `REAL`: doubles (`SQLValue.real`).
    case real = 2
    /// `TEXT`: UTF-8 text (`SQLValue.text`).
    case text = 3
    /// `BLOB`: bytes (`SQLValue.blob`).
    case blob = 4
    /// NULL: in a row, a NULL value; as a column's declared type, no type at all (the column
    /// takes any value, as SQLite's untyped columns do).
    case null = 5

    /// The type's name in SQL: `INTEGER`, `REAL`, `TEXT`, `BLOB` or `NULL`.
    public var typeName: String {
        switch self {
        case .long: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: "NULL"
        }
    }

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
