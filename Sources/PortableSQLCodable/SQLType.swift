/// The storage type of a `SQLColumn`, as declared in `CREATE TABLE`.
public enum SQLType: String, Hashable, Sendable, CaseIterable {
    /// `INTEGER`: 64-bit integers (`SQLValue.long`).
    case long = "INTEGER"
    /// `REAL`: doubles (`SQLValue.real`).
    case real = "REAL"
    /// `TEXT`: UTF-8 text (`SQLValue.text`).
    case text = "TEXT"
    /// `BLOB`: bytes (`SQLValue.blob`).
    case blob = "BLOB"
}
