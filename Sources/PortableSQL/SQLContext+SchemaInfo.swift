extension SQLContext {
    /// The schema's entries of the given types (`sqlite_master`), in the order SQLite keeps
    /// them; by default the tables, including SQLite's own (`sqlite_sequence`).
    ///
    /// - Throws: `SQLError` when the schema cannot be read (closed, not a database, wrong key).
    public func tables(types: [String] = ["table"]) throws -> [TableInfo] {
        guard !types.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let rows = try selectAll(
            sql: "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_master WHERE type IN (\(placeholders))",
            parameters: types.map(SQLValue.text)
        )
        return rows.map { row in
            TableInfo(
                type: row[0].textValue ?? "", name: row[1].textValue ?? "", tbl_name: row[2].textValue ?? "",
                rootpage: row[3].longValue ?? 0, sql: row[4].textValue
            )
        }
    }

    /// The columns of `table` in the schema `schema` ("main", "temp" or an attached database's
    /// name), in order; empty when there is no such table. Works on every SQLite from 3.15 on
    /// (it reads `PRAGMA table_info`, not the `pragma_table_info` function of 3.16).
    ///
    /// - Throws: `SQLError` when the schema cannot be read, or there is no schema `schema`.
    public func columns(for table: String, in schema: String = "main") throws -> [ColumnInfo] {
        let rows = try selectAll(sql: "PRAGMA \(schema.quotedIdentifier).table_info(\(table.quotedIdentifier))")
        return rows.map { row in
            ColumnInfo(
                cid: row[0].longValue ?? 0, name: row[1].textValue ?? "", type: row[2].textValue ?? "",
                notnull: row[3].longValue ?? 0, dflt_value: row[4], pk: row[5].longValue ?? 0
            )
        }
    }

    /// Whether a table named `name` exists in the main schema.
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    public func tableExists(_ name: String) throws -> Bool {
        try !selectAll(sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", parameters: [.text(name)]).isEmpty
    }
}
