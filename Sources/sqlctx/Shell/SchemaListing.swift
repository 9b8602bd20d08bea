#if Tool
import PortableSQL

/// What `.tables`, `.schema` and `.indexes` print, read from the database's schema table.
/// SQLite's own tables (`sqlite_sequence`, `sqlite_stat1`, …) are left out of the first two.
struct SchemaListing {
    /// The database whose schema is listed.
    let context: SQLContext

    /// The names of the tables and views named like `pattern` (every one when `nil`), sorted, one a line.
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    func tables(like pattern: String?) throws -> String {
        try lines("""
            SELECT name FROM sqlite_master
            WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name LIKE ?
            ORDER BY name
            """, pattern, suffix: "")
    }

    /// The CREATE statement, ended by `;`, of each table, view, index and trigger whose table is
    /// named like `pattern` (everything when `nil`), in the order they were made.
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    func schema(like pattern: String?) throws -> String {
        try lines("""
            SELECT sql FROM sqlite_master
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND tbl_name LIKE ?
            ORDER BY rowid
            """, pattern, suffix: ";")
    }

    /// The names of the indexes of the tables named like `pattern` (every index when `nil`),
    /// SQLite's automatic ones (for UNIQUE and PRIMARY KEY) included, sorted, one a line.
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    func indexes(like pattern: String?) throws -> String {
        try lines("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE ? ORDER BY name", pattern, suffix: "")
    }

    /// The text values of `sql`'s first column, with `pattern` (or `%`) bound, each followed by
    /// `suffix` and a line end.
    private func lines(_ sql: String, _ pattern: String?, suffix: String) throws -> String {
        try context.selectAll(sql: sql, parameters: [.text(pattern ?? "%")]).compactMap { $0.first?.textValue }.map { $0 + suffix + "\n" }.joined()
    }
}
#endif
