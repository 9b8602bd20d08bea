#if Tool
import PortableSQL

/// What `.schema` prints, as sqlite3 3.40 prints it: the CREATE statement of each object of
/// every attached database (SQLite's own tables too, unless `--nosys`), by database then by
/// age, each ended by `;`. Objects of another database than main name it (`CREATE TABLE
/// temp.t`), a view is followed by a comment with its columns (`/* v(a,b) */`), and a table
/// whose name is quoted is shown `CREATE TABLE IF NOT EXISTS`. With a pattern, the modules
/// named like it that have columns follow, in a comment (`/* json_each(key,value,…) */`);
/// sqlite3's own modules (`completion`, `fsdir`, `zipfile`) are not in sqlctx.
struct SchemaText {
    /// The database whose schema is printed.
    let context: SQLContext

    /// The statements of the objects whose table is named like `pattern` (LIKE, or GLOB when it
    /// holds `*`, `?` or `[`; with a `.`, matched against `database.table`), every one when `nil`;
    /// laid out as `--indent` lays them out when `indented`.
    ///
    /// - Throws: `SQLError` when the schema cannot be read.
    func text(like pattern: String?, withoutSystemTables: Bool, indented: Bool = false) throws -> String {
        let print = indented ? IndentedSchema.text : { Self.line($0) }
        let schemas = try context.selectAll(sql: "PRAGMA database_list").compactMap { $0[1].textValue }
        let selects = schemas.enumerated().map { index, schema in
            "SELECT sql, name, rowid, \(index + 1) AS snum, \(Self.stringLiteral(schema)) AS sname, tbl_name FROM \(Self.quoted(schema, always: true)).sqlite_schema"
        }
        guard !selects.isEmpty else { return "" }
        var sources = selects
        // With a pattern, sqlite3 also shows the columns of the modules named like it (json_each, …).
        if pattern != nil { sources.append("SELECT NULL, name, name, 9e99, 'main', name FROM pragma_module_list") }
        var conditions: [String] = []
        var parameters: [SQLValue] = []
        if let pattern {
            let glob = pattern.contains { "*?[".contains($0) }
            let subject = pattern.contains(".") ? "lower(printf('%s.%s', sname, tbl_name))" : "lower(tbl_name)"
            conditions.append(subject + (glob ? " GLOB ?" : " LIKE ? ESCAPE '\\'"))
            parameters.append(.text(pattern))
        }
        if withoutSystemTables { conditions.append("name NOT LIKE 'sqlite_%'") }
        conditions.append("(sql IS NOT NULL OR snum = 9e99)")
        let rows = try context.selectAll(
            sql: "SELECT sql, name, sname, snum FROM (\(sources.joined(separator: " UNION ALL "))) WHERE \(conditions.joined(separator: " AND ")) ORDER BY snum, rowid",
            parameters: parameters)
        return try rows.compactMap { row in
            guard let sql = row[0].textValue else {
                return try viewColumns(schema: nil, name: row[1].textValue ?? "").map { print("/* \($0) */") }
            }
            let schema = row[2].textValue.flatMap { $0.lowercased() == "main" ? nil : $0 }
            return print(try withSchema(sql, schema: schema, name: row[1].textValue ?? ""))
        }.joined()
    }

    /// `sql` naming `schema` after its CREATE … kind (none for main), and a view's columns in a
    /// comment after it.
    private func withSchema(_ sql: String, schema: String?, name: String) throws -> String {
        guard sql.hasPrefix("CREATE ") else { return sql }
        for kind in ["TABLE", "INDEX", "UNIQUE INDEX", "TRIGGER", "VIEW", "VIRTUAL TABLE"] where sql.dropFirst(7).hasPrefix(kind + " ") {
            let head = sql.prefix(7 + kind.count), rest = sql.dropFirst(8 + kind.count)
            var result = sql
            if let schema { result = head + " " + Self.quoted(schema, always: false, temp: true) + "." + rest }
            if kind == "VIEW", let columns = try viewColumns(schema: schema, name: name) { result += "\n/* \(columns) */" }
            return result
        }
        return sql
    }

    /// `schema.name(column,…)` of a view (or a module's table), names quoted where they must be;
    /// `nil` for no columns.
    private func viewColumns(schema: String?, name: String) throws -> String? {
        let columns = try context.selectAll(sql: "SELECT name FROM pragma_table_info(?, ?)", parameters: [.text(name), .text(schema ?? "main")])
        guard !columns.isEmpty else { return nil }
        let prefix = schema.map { Self.quoted($0, always: false, temp: true) + "." } ?? ""
        return prefix + Self.quoted(name, always: false) + "(" + columns.map { Self.quoted($0[0].textValue ?? "", always: false) }.joined(separator: ",") + ")"
    }

    /// The line sqlite3 prints for `sql`, then `ending`: when that is `;` and a newline, closed
    /// so that a trailing comment cannot swallow the `;`; `CREATE TABLE IF NOT EXISTS` for a
    /// table whose name starts with a quote.
    static func line(_ sql: String, ending: String = ";\n") -> String {
        var text = sql
        if ending.hasPrefix(";"), text.contains("/*") || text.contains("--") {
            for closing in ["", "*/", "\n"] {
                // As `sqlite3_complete`, a `;` after nothing but comments ends a statement.
                switch PendingStatements(text + closing + ";") {
                case .complete, .blank:
                    text += closing
                case .incomplete:
                    continue
                }
                break
            }
        }
        if text.hasPrefix("CREATE TABLE "), let quote = text.dropFirst(13).first, quote == "'" || quote == "\"" {
            return "CREATE TABLE IF NOT EXISTS " + text.dropFirst(13) + ending
        }
        return text + ending
    }

    /// `name` in double quotes (inner ones doubled) when it is no plain identifier or is a
    /// keyword, or `always`; `temp` is never quoted when `temp` is set, as sqlite3 writes it.
    static func quoted(_ name: String, always: Bool, temp: Bool = false) -> String {
        if temp, name.lowercased() == "temp" { return name }
        let bytes = Array(name.utf8)
        let plain = bytes.first.map { $0.isASCIILetter || $0 == 0x5F } == true
            && bytes.allSatisfy { $0.isASCIILetter || (0x30...0x39).contains($0) || $0 == 0x5F }
            && !SQLKeywords.isKeyword(name)
        guard always || !plain else { return name }
        return String(decoding: SQLiteLiterals.doubleQuoted(Array(name.utf8), escape: { $0 == 0x22 ? "\"\"" : nil }), as: UTF8.self)
    }

    /// `text` as a SQL string literal.
    static func stringLiteral(_ text: String) -> String {
        String(decoding: SQLiteLiterals.string(Array(text.utf8)), as: UTF8.self)
    }
}

private extension UInt8 {
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
#endif
