#if Tool
import PortableSQL

/// What `.tables` and `.indexes` print, read from the schema tables of every attached
/// database; SQLite's own tables (`sqlite_sequence`, `sqlite_stat1`, …) are left out of `.tables`.
struct SchemaListing {
    /// The database whose schema is listed.
    let context: SQLContext

    /// The names of the tables and views named like `pattern` (every one when `nil`) in every
    /// attached database, those of others than main as `schema.name`, laid out in columns as
    /// sqlite3 lays them out (see `columns(_:)`).
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    func tables(like pattern: String?) throws -> String {
        try columns(names(where: "type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE ?1", pattern))
    }

    /// The names of the indexes of the tables named like `pattern` (every index when `nil`),
    /// SQLite's automatic ones (for UNIQUE and PRIMARY KEY) included, in every attached
    /// database, laid out as `tables(like:)` lays out tables.
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    func indexes(like pattern: String?) throws -> String {
        try columns(names(where: "type='index' AND tbl_name LIKE ?1", pattern))
    }

    /// The names in the schema tables of every attached database that match `condition` with
    /// `pattern` (or `%`) as `?1`, prefixed by their database's name but in main, sorted by bytes.
    private func names(where condition: String, _ pattern: String?) throws -> [String] {
        let schemas = try context.selectAll(sql: "PRAGMA database_list").compactMap { $0[1].textValue }
        let selects = schemas.map { schema in
            let name = schema.lowercased() == "main" ? "name" : SchemaText.stringLiteral(schema) + "||'.'||name"
            return "SELECT \(name) FROM \(SchemaText.quoted(schema, always: true)).sqlite_schema WHERE \(condition)"
        }
        guard !selects.isEmpty else { return [] }
        return try context.selectAll(sql: selects.joined(separator: " UNION ALL ") + " ORDER BY 1", parameters: [.text(pattern ?? "%")])
            .compactMap { $0.first?.textValue }
    }

    /// `names` in as many columns as fit in 80 characters, each as wide as the longest name
    /// and two spaces apart, filled down then across, every name padded to that width.
    private func columns(_ names: [String]) -> String {
        guard !names.isEmpty else { return "" }
        let width = names.map(\.utf8.count).max() ?? 0
        let columnCount = max(80 / (width + 2), 1)
        let rowCount = (names.count + columnCount - 1) / columnCount
        return (0..<rowCount).map { row in
            stride(from: row, to: names.count, by: rowCount).map { index in
                (index < rowCount ? "" : "  ") + names[index] + String(repeating: " ", count: width - names[index].utf8.count)
            }.joined() + "\n"
        }.joined()
    }
}
#endif
