#if Tool
import PortableSQL

extension ShellSession {
    /// What `.fullschema` prints: the CREATE statements of the main and temp schemas, then the statistics that
    /// ANALYZE gathered, as INSERT statements between two `ANALYZE sqlite_schema;` (which make
    /// SQLite read them), or a comment that there are none, as sqlite3 prints them.
    ///
    /// The statements are laid out as `.schema --indent` lays them out when `indented`.
    ///
    /// - Throws: `SQLError` when the schema or the statistics cannot be read.
    func fullSchema(indented: Bool) throws -> [UInt8] {
        let context = try context
        // sqlite3's query: the main and temp schemas, by rowid, without SQLite's own tables.
        let schema = try context.selectAll(sql: """
            SELECT sql FROM (SELECT sql sql, type type, tbl_name tbl_name, name name, rowid x FROM sqlite_schema
            UNION ALL SELECT sql, type, tbl_name, name, rowid FROM sqlite_temp_schema)
            WHERE type != 'meta' AND sql NOTNULL AND name NOT LIKE 'sqlite_%' ORDER BY x
            """)
        var text = Array(schema.compactMap { $0.first?.textValue }.map { indented ? IndentedSchema.text($0) : SchemaText.line($0) }.joined().utf8)
        let statistics = try context.selectAll(sql: "SELECT name FROM sqlite_master WHERE name GLOB 'sqlite_stat[134]'").compactMap { $0.first?.textValue }
        guard !statistics.isEmpty else { return text + Array("/* No STAT tables available */\n".utf8) }
        text += Array("ANALYZE sqlite_schema;\n".utf8)
        for table in ["sqlite_stat1", "sqlite_stat4"] where statistics.contains(table) {
            var inserts = ShellSettings()
            inserts.select(.insert, table: table)
            let statement = try context.prepare(sql: "SELECT * FROM \(table)")
            defer { try? statement.close() }
            var result = ShellResult(columns: statement.columnNames)
            while try statement.next() { result.append(rowOf: statement) }
            text += RowRenderer(settings: inserts, literals: SQLiteLiterals(context: context)).render(result)
        }
        return text + Array("ANALYZE sqlite_schema;\n".utf8)
    }
}
#endif
