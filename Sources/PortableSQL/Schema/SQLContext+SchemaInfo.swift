extension SQLContext {
    /// The schema's entries of the given types (`sqlite_master`) in the schema `schema`
    /// ("main", "temp" or an attached database's name), in the order SQLite keeps them; by
    /// default the tables, including SQLite's own (`sqlite_sequence`).
    ///
    /// - Throws: `SQLError` when the schema cannot be read (closed, not a database, wrong key),
    ///   or there is no schema `schema`.
    public func tables(types: [String] = ["table"], in schema: String = "main") throws -> [TableInfo] {
        guard !types.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: types.count).joined(separator: ", ")
        let master = schema.lowercased() == "temp" ? "sqlite_temp_master" : "sqlite_master"
        let rows = try selectAll(
            sql: "SELECT type, name, tbl_name, rootpage, sql FROM \(schema.quotedIdentifier).\(master) WHERE type IN (\(placeholders))",
            parameters: types.map(SQLValue.text)
        )
        return rows.map { row in
            TableInfo(
                type: row[0].textValue ?? "", name: row[1].textValue ?? "", tbl_name: row[2].textValue ?? "",
                rootpage: row[3].longValue ?? 0, sql: row[4].textValue
            )
        }
    }

    /// The views of the schema `schema`, in the order SQLite keeps them.
    ///
    /// - Throws: as `tables(types:in:)`.
    public func views(in schema: String = "main") throws -> [TableInfo] {
        try tables(types: ["view"], in: schema)
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

    /// The indexes of `table` in the schema `schema`, with their columns, sorted by name;
    /// empty when there is no such table. Works on every SQLite from 3.15 on.
    ///
    /// - Throws: `SQLError` when the schema cannot be read, or there is no schema `schema`.
    public func indexes(on table: String, in schema: String = "main") throws -> [IndexInfo] {
        let list = try selectAll(sql: "PRAGMA \(schema.quotedIdentifier).index_list(\(table.quotedIdentifier))")
        return try list.map { row in
            let name = row[1].textValue ?? ""
            let columns = try selectAll(sql: "PRAGMA \(schema.quotedIdentifier).index_info(\(name.quotedIdentifier))")
                .sorted { ($0[0].longValue ?? 0) < ($1[0].longValue ?? 0) }
                .map { $0[2].textValue ?? "" }
            return IndexInfo(
                name: name, table: table, isUnique: row[2].longValue == 1,
                origin: row[3].textValue ?? "c",
                isPartial: row[4].longValue == 1, columns: columns
            )
        }.sorted { $0.name < $1.name }
    }

    /// The foreign keys of `table` in the schema `schema`, in the order they were declared;
    /// empty when there is no such table. Works on every SQLite from 3.15 on.
    ///
    /// - Throws: `SQLError` when the schema cannot be read, or there is no schema `schema`.
    public func foreignKeys(of table: String, in schema: String = "main") throws -> [ForeignKeyInfo] {
        let rows = try selectAll(sql: "PRAGMA \(schema.quotedIdentifier).foreign_key_list(\(table.quotedIdentifier))")
        // One row per column: id, seq, table, from, to, on_update, on_delete, match. SQLite
        // lists the keys last declared first.
        let keys = Dictionary(grouping: rows) { $0[0].longValue ?? 0 }
        return keys.keys.sorted(by: >).map { id in
            let columns = keys[id, default: []].sorted { ($0[1].longValue ?? 0) < ($1[1].longValue ?? 0) }
            let first = columns[0]
            return ForeignKeyInfo(
                referencedTable: first[2].textValue ?? "", columns: columns.map { $0[3].textValue ?? "" },
                referencedColumns: columns.map { $0[4].textValue }, onUpdate: first[5].textValue ?? "NO ACTION",
                onDelete: first[6].textValue ?? "NO ACTION"
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

extension SQLContext {
    /// Attaches the database file at `path` under the schema name `name`, so that one statement
    /// can use both: `SELECT … FROM main.note JOIN archive.note …`. The file is created when
    /// missing. On SQLCipher an attached database takes the main database's key; to give it
    /// another (or none), use `attach(path:as:key:)` of PortableSQLPlus.
    ///
    /// ```swift
    /// try db.attach(path: archivePath, as: "archive")
    /// let old = try db.selectAll(sql: "SELECT count(*) FROM archive.note")
    /// ```
    /// - Throws: `SQLError`: `SQLITE_ERROR` when `name` is taken ("main", "temp" or attached
    ///   already) or too many databases are attached; `SQLITE_CANTOPEN` when the file cannot be
    ///   opened, or names a FIFO, socket, device or directory (as `init(path:)` refuses it,
    ///   instead of hanging in `open()`); or when the context is closed. A file that is not a
    ///   database attaches, and throws `SQLITE_NOTADB` on first use.
    public func attach(path: String, as name: String) throws {
        try Self.checkDatabasePath(path, flags: []).get()
        try exec(sql: "ATTACH DATABASE ? AS \(name.quotedIdentifier)", parameters: [.text(path)])
    }

    /// Detaches the database attached as `name`.
    ///
    /// - Throws: `SQLError` (`SQLITE_ERROR`) when nothing is attached as `name`, or inside a
    ///   transaction that uses it; or when the context is closed.
    public func detach(_ name: String) throws {
        try exec(sql: "DETACH DATABASE \(name.quotedIdentifier)")
    }

    /// The databases of this connection, in order: "main", "temp" when used, then the attached
    /// ones, each with its file ("" for in-memory and temporary databases).
    ///
    /// - Throws: `SQLError` when the context is closed.
    public func databases() throws -> [(name: String, path: String)] {
        try selectAll(sql: "PRAGMA database_list").map { row in
            (row[1].textValue ?? "", row[2].textValue ?? "")
        }
    }
}
