import Foundation

// SkipSQL's schema rows are records: `TableInfo` of `sqlite_master`, `ColumnInfo` of
// `pragma_table_info(?, ?)` (the table name and the schema bound).

extension TableInfo: SQLCodable {
    private static let typeColumn = SQLColumn(name: "type", type: .text)
    private static let nameColumn = SQLColumn(name: "name", type: .text)
    private static let tableNameColumn = SQLColumn(name: "tbl_name", type: .text)
    private static let rootpageColumn = SQLColumn(name: "rootpage", type: .long)
    private static let sqlColumn = SQLColumn(name: "sql", type: .text)

    /// `sqlite_master` and its five columns.
    public static let table = SQLTable(name: "sqlite_master", columns: [typeColumn, nameColumn, tableNameColumn, rootpageColumn, sqlColumn])

    /// The entry in `row`.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when a column other than `sql` is missing or NULL.
    public init(row: SQLRow, context: SQLContext) throws {
        self.init(
            type: try Self.typeColumn.textValueRequired(in: row), name: try Self.nameColumn.textValueRequired(in: row),
            tbl_name: try Self.tableNameColumn.textValueRequired(in: row), rootpage: try Self.rootpageColumn.longValueRequired(in: row),
            sql: Self.sqlColumn.textValue(in: row))
    }

    /// Writes the entry's five values into `row`.
    public func encode(row: inout SQLRow) throws {
        row[Self.typeColumn] = SQLValue(type)
        row[Self.nameColumn] = SQLValue(name)
        row[Self.tableNameColumn] = SQLValue(tbl_name)
        row[Self.rootpageColumn] = SQLValue(rootpage)
        row[Self.sqlColumn] = SQLValue(sql)
    }
}

extension ColumnInfo: SQLCodable {
    private static let cidColumn = SQLColumn(name: "cid", type: .long)
    private static let nameColumn = SQLColumn(name: "name", type: .text)
    private static let typeColumn = SQLColumn(name: "type", type: .text)
    private static let notnullColumn = SQLColumn(name: "notnull", type: .long)
    private static let defaultColumn = SQLColumn(name: "dflt_value", type: .text)
    private static let pkColumn = SQLColumn(name: "pk", type: .long)

    /// `pragma_table_info(?, ?)` and its six columns.
    public static let table = SQLTable(
        name: "pragma_table_info(?, ?)", columns: [cidColumn, nameColumn, typeColumn, notnullColumn, defaultColumn, pkColumn])

    /// The column described in `row`.
    ///
    /// - Throws: `SQLBindingError.nullColumn` when a value other than `dflt_value` is missing or NULL.
    public init(row: SQLRow, context: SQLContext) throws {
        self.init(
            cid: try Self.cidColumn.longValueRequired(in: row), name: try Self.nameColumn.textValueRequired(in: row),
            type: try Self.typeColumn.textValueRequired(in: row), notnull: try Self.notnullColumn.longValueRequired(in: row),
            dflt_value: Self.defaultColumn.value(in: row) ?? .null, pk: try Self.pkColumn.longValueRequired(in: row))
    }

    /// Writes the description's six values into `row`.
    public func encode(row: inout SQLRow) throws {
        row[Self.cidColumn] = SQLValue(cid)
        row[Self.nameColumn] = SQLValue(name)
        row[Self.typeColumn] = SQLValue(type)
        row[Self.notnullColumn] = SQLValue(notnull)
        row[Self.defaultColumn] = dflt_value
        row[Self.pkColumn] = SQLValue(pk)
    }
}
