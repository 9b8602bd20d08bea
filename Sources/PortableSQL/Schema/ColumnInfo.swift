/// One column of a table (`PRAGMA table_info`), as `SQLContext.columns(for:in:)` returns it;
/// the field names are SQLite's (and SkipSQL's).
public struct ColumnInfo: Hashable, Sendable {
    /// The column's position, from 0.
    public var cid: Int64
    /// The column's name.
    public var name: String
    /// The declared type, as written ("INTEGER", "VARCHAR(10)"); "" when there is none.
    public var type: String
    /// 1 when the column is NOT NULL, else 0.
    public var notnull: Int64
    /// The default value's SQL text (`.text("3.5")`, `.text("'abc'")`), or `.null` when there is none.
    public var dflt_value: SQLValue
    /// The column's position in the primary key, from 1; 0 when it is not part of it.
    public var pk: Int64

    /// A column with these values.
    public init(cid: Int64, name: String, type: String, notnull: Int64, dflt_value: SQLValue, pk: Int64) {
        self.cid = cid
        self.name = name
        self.type = type
        self.notnull = notnull
        self.dflt_value = dflt_value
        self.pk = pk
    }

    /// Whether the column is declared NOT NULL.
    public var isNotNull: Bool { notnull != 0 }

    /// The column's position in the primary key, from 1; `nil` when it is not part of it.
    public var primaryKeyPosition: Int? { pk > 0 ? Int(pk) : nil }

    /// The SQL text of the column's default value (`'abc'`, `3.5`, `CURRENT_TIMESTAMP`); `nil`
    /// when it has none.
    public var defaultValueSQL: String? { dflt_value.textValue }
}
