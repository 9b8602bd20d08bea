extension SQLContext {
    /// Inserts `record` (into the table in `schema`, when given) and returns it as stored: as in
    /// SkipSQL, the INSERT names only the columns the record gives a non-NULL value, so that the
    /// others take their declared DEFAULT; when the table's primary key is one INTEGER column and
    /// the record leaves it out or gives NULL (or 0, for an AUTOINCREMENT key), the database
    /// assigns the key. The returned record carries the key and the declared defaults of the
    /// columns it left out.
    ///
    /// ```swift
    /// let stored = try db.insert(Author(name: "Ursula K. Le Guin"))
    /// print(stored.id)    // the key the database assigned
    /// ```
    /// - Parameters:
    ///   - record: the record to insert.
    ///   - schema: the attached database that holds the table (`nil`: `main`).
    /// - Returns: the record as stored, with its assigned key and defaults.
    /// - Throws: `SQLError` (a constraint violation leaves the table unchanged), or what the
    ///   record's `encode`/`init(row:)` throws.
    // Inlinable, so that it is specialized for the record type, and encoding costs no generic calls.
    @inlinable @discardableResult
    public func insert<T: SQLCodable>(_ record: T, inSchema schema: String? = nil) throws -> T {
        let table = T.table
        var row = SQLRow(layout: table.layout, storage: takeSpareRecordValues(count: table.columns.count))
        defer { recycleRecordValues(&row) }
        try record.encode(row: &row)
        guard try insertEncoded(&row, of: T.self, into: table, schema: schema) else { return record }
        return try T.decode(row, context: self, tableName: table.name)
    }

    /// A buffer of `count` nils for a record's values: the one the last insert gave back when
    /// it fits.
    @usableFromInline
    func takeSpareRecordValues(count: Int) -> [SQLValue?] {
        var values: [SQLValue?] = []
        swapSpareRecordValues(&values)
        return values.count == count ? values : Array(repeating: nil, count: count)
    }

    /// Takes back the values buffer of a row an insert did not give back already (it failed, or
    /// the row was decoded again), emptied so that it holds no text or blob alive.
    @usableFromInline
    func recycleRecordValues(_ row: inout SQLRow) {
        guard row.source == nil, !row.storage.isEmpty else { return }
        row.storage.withUnsafeMutableBufferPointer { values in
            for position in values.indices {
                if case .some = values[position] { values[position] = nil }
            }
        }
        swapSpareRecordValues(&row.storage)
    }

    /// Inserts the non-NULL values `type` encoded into `row`. When the database assigned the
    /// INTEGER PRIMARY KEY or a column left out has a declared default, puts them in `row` and
    /// returns `true`; otherwise gives the emptied values buffer back to the context and returns
    /// `false`.
    ///
    /// - Throws: `SQLError` for a column `table` does not declare, or from SQLite.
    @usableFromInline
    func insertEncoded(_ row: inout SQLRow, of type: Any.Type, into table: SQLTable, schema: String?) throws -> Bool {
        try row.conform(encodedBy: type, to: table)
        let (presentColumns, assignsKey) = Self.leaveOutAbsentValues(&row.storage, keyPosition: table.rowIDKeyPosition, table: table)
        let rebuilds = assignsKey || table.defaultedPositions.contains { row.storage[$0] == nil }
        let statement = try checkOutInsertStatement(for: row, presentColumns: presentColumns, of: type, into: table, schema: schema)
        defer { checkIn(statement, keepingBindingsUpTo: Self.keptInsertBindingBytes) }
        // Binding takes the values out of the row.
        guard rebuilds else {
            try statement.bind(takingPresentValues: &row.storage)
            while try statement.next() {}
            swapSpareRecordValues(&row.storage)
            return false
        }
        // The record is made again from its values when the key is new or a default applied, so
        // they are bound, not taken.
        try statement.bind(presentValues: row.storage)
        while try statement.next() {}
        if assignsKey, let position = table.rowIDKeyPosition { row.storage[position] = .long(lastInsertRowID) }
        for defaulted in table.defaultedPositions where row.storage[defaulted] == nil {
            row.storage[defaulted] = table.columns[defaulted].defaultValue
        }
        return true
    }

    /// Leaves out of `values` what the INSERT does not name, in one pass: NULLs, as SkipSQL does,
    /// so that column defaults apply; and the INTEGER PRIMARY KEY at `keyPosition` when the
    /// database assigns it (the record gives none or NULL, or 0 for an AUTOINCREMENT key).
    /// Returns a bit for each position left with a value (the low bits only, for rows wider
    /// than `Int.bitWidth`), which picks the cached statement, and whether the key is assigned.
    @inline(__always)
    private static func leaveOutAbsentValues(_ values: inout [SQLValue?], keyPosition: Int?, table: SQLTable) -> (presentColumns: Int, assignsKey: Bool) {
        values.withUnsafeMutableBufferPointer { values in
            // The pass reads only each value's case; the key is looked at after it, so that no
            // value's payload is read on the way.
            var present = 0
            for position in values.indices.reversed() {
                present &<<= 1
                switch values[position] {
                case nil: break
                case .null?: values[position] = nil
                default: present |= 1
                }
            }
            guard let key = keyPosition else { return (present, false) }
            switch values[key] {
            case nil:
                // None given, or NULL (left out above).
                return (present, true)
            case .long(0)? where table.columns[key].autoincrement:
                values[key] = nil
                // (A key past the low bits has no bit: `1 << key` is then 0.)
                return (present & ~(1 << key), true)
            default:
                return (present, false)
            }
        }
    }

    /// The INSERT into `table` of the columns that have a value in `row` (one bit each in
    /// `presentColumns`), checked out of the statement cache.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when `type`'s `table` is made anew on each use.
    @inline(__always)
    private func checkOutInsertStatement(for row: SQLRow, presentColumns: Int, of type: Any.Type, into table: SQLTable, schema: String?) throws -> SQLStatement {
        // Which columns the record gives decides the statement: one cached statement per set.
        // Rows too wide for a bit per column, and inserts into another schema, are cached by
        // their SQL text, which `prepareInsertStatement` builds for each such insert.
        let derived = row.storage.count < Int.bitWidth - 4 && schema == nil
        let variant = presentColumns << 2 | RecordStatement.insert.rawValue
        // The usual case, found in the cache: nothing the first use checks applies to it.
        if derived, let cached = checkOutCachedStatement(key: .derived(ObjectIdentifier(table.layout), variant: variant)) { return cached }
        return try prepareInsertStatement(for: row, derived: derived, variant: variant, of: type, into: table, schema: schema)
    }

    /// `checkOutInsertStatement` when the statement is not cached, or is in use: prepares it,
    /// creates a plain `Codable` record's table when missing, and checks the table on first use.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when `type`'s `table` is made anew on each use.
    private func prepareInsertStatement(for row: SQLRow, derived: Bool, variant: Int, of type: Any.Type, into table: SQLTable, schema: String?) throws -> SQLStatement {
        var prepared = false
        func checkOut() throws -> SQLStatement? {
            if derived {
                return try checkOutStatement(derivedFrom: table.layout, variant: variant) {
                    prepared = true
                    return Self.insertStatement(table, row, schema: nil)
                }
            }
            let text = Self.insertStatement(table, row, schema: schema)
            return try checkOutStatement(key: .text(text), owner: table.layout) {
                prepared = true
                return text
            }
        }
        // No check of the table first: an INSERT into a missing table or column fails, and
        // only then is a plain `Codable` record's table created (see `creatingRecordTables`).
        let statement: SQLStatement?
        do {
            statement = try checkOut()
        } catch let error as SQLError where table.createdOnFirstUse {
            try createTables([table], after: error, inSchema: schema)
            statement = try checkOut()
        }
        guard let statement else { throw SQLError(code: .misuse, message: "cannot prepare the insert into \(table.name)") }
        if prepared, table.createdOnFirstUse {
            do {
                try claimTableName(table)
                try checkColumnTypes(table, inSchema: schema)
            } catch {
                statement.finalize()
                throw error
            }
        }
        // The cache finds a record type's statements by its table's identity: a `table` built on
        // each use would prepare (and cache) a statement per insert. Checked when preparing only.
        if prepared, let recordType = type as? any SQLCodable.Type, recordType.table.layout !== table.layout {
            checkIn(statement)
            throw SQLError(code: .misuse, message: "\(recordType).table makes a new SQLTable each time it is read; declare it as a `static let`")
        }
        return statement
    }

    /// The INSERT of the columns that have a value in `row`, as SkipSQL writes it.
    private static func insertStatement(_ table: SQLTable, _ row: SQLRow, schema: String?) -> String {
        insertStatement(table, columns: zip(table.columns, row.storage).compactMap { $0.1 == nil ? nil : $0.0 }, schema: schema)
    }

    /// The INSERT of `columns` of `table`, as SkipSQL writes it.
    static func insertStatement(_ table: SQLTable, columns: [SQLColumn], schema: String?) -> String {
        guard !columns.isEmpty else { return "INSERT INTO \(table.quotedName(inSchema: schema)) DEFAULT VALUES" }
        return "INSERT INTO \(table.quotedName(inSchema: schema)) (" + columns.map(\.quotedIdentifier).joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// Inserts all records in one transaction: all or nothing. Returns them as stored.
    ///
    /// - Throws: as `insert(_:inSchema:)`; after a failure no record is inserted.
    @discardableResult
    public func insertAll<T: SQLCodable>(_ records: [T], inSchema schema: String? = nil) throws -> [T] {
        guard !records.isEmpty else { return [] }
        return try transaction {
            try records.map { try insert($0, inSchema: schema) }
        }
    }

    /// Updates the row with the record's primary key to the record's values (every column but
    /// the key, NULLs included), as SkipSQL's `UPDATE … SET … WHERE` does. A key no row has
    /// changes nothing and is no error, as in SkipSQL: `changes` tells (0).
    ///
    /// - Throws: `SQLError`: `SQLITE_MISUSE` when the table has no primary key, or SQLite's error
    ///   (a constraint violation changes nothing).
    public func update<T: SQLCodable>(_ record: T, inSchema schema: String? = nil) throws {
        let table = T.table
        let row = try record.encodedRow(for: table)
        let key = try primaryKeyPredicate(table, [row])
        let columns = table.columns.filter { !$0.primaryKey }
        guard !columns.isEmpty else { return }
        let assignments = columns.map { "\($0.quotedIdentifier) = ?" }.joined(separator: ", ")
        let (keySQL, keyValues) = key.rendered()
        try creatingRecordTables([table], inSchema: schema) {
            try exec(sql: "UPDATE \(table.quotedName(inSchema: schema)) SET \(assignments) WHERE \(keySQL)", parameters: columns.map { row[$0] ?? .null } + keyValues)
        }
    }

    /// Deletes the row with the record's primary key. Returns whether a row was deleted.
    ///
    /// - Throws: `SQLError`: `SQLITE_MISUSE` when the table has no primary key, or SQLite's error
    ///   (such as a foreign key that restricts the delete).
    @discardableResult
    public func delete<T: SQLCodable>(_ record: T) throws -> Bool {
        try delete(instances: [record])
        return changes > 0
    }

    /// Deletes the rows with the records' primary keys in one statement, as SkipSQL does
    /// (`WHERE "id" IN (…)`, or `("a", "b") IN ((…), …)` for a composite key). `changes` tells
    /// how many rows were deleted; an empty array runs nothing.
    ///
    /// - Throws: `SQLError`: `SQLITE_MISUSE` when the table has no primary key, or SQLite's error
    ///   (a foreign key that restricts the delete: then none is deleted).
    public func delete<T: SQLCodable>(instances records: [T]) throws {
        guard !records.isEmpty else { return }
        let rows = try records.map { try $0.encodedRow(for: T.table) }
        try delete(T.self, where: primaryKeyPredicate(T.table, rows))
    }

    /// Deletes the rows of the type's table that match `predicate`, or all of them when it is
    /// `nil`; `changes` tells how many (nothing is returned, as in SkipSQL).
    ///
    /// - Throws: `SQLError` from SQLite.
    public func delete<T: SQLCodable>(_ type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws {
        let (whereClause, parameters) = Self.whereClause(predicate)
        try creatingRecordTables([T.table], inSchema: schema) {
            try exec(sql: "DELETE FROM \(T.table.quotedName(inSchema: schema))\(whereClause)", parameters: parameters)
        }
    }

    /// The record whose primary key is `id`, or `nil`; for a composite key, one value per key
    /// column, in order (`fetch(Membership.self, id: "admins", "bob")`).
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the number of values does not match the key;
    ///   errors from reading or decoding.
    public func fetch<T: SQLCodable>(_ type: T.Type, id: SQLValue...) throws -> T? {
        try fetch(type, primaryKey: id)
    }

    /// The records matching `predicate` (all when `nil`), sorted by `orderBy`, at most `limit`,
    /// after skipping `offset`. SkipSQL's spelling, kept for SkipSQL code; it is
    /// `query(type).where(predicate).orderBy(…).limit(…).fetchAll()` in one call, and that query
    /// takes key-path conditions too.
    ///
    /// - Throws: errors from reading or decoding.
    // Inlinable, so that reading the records is specialized for their type in the caller's
    // module, as `query(_:).eval().load()` is (unspecialized, it measured 1.96× the raw loop
    // against 1.49×).
    @inlinable
    public func fetchAll<T: SQLCodable>(
        _ type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil, orderBy: (any SQLRepresentable)? = nil,
        order: SQLOrder = .ascending, limit: Int? = nil, offset: Int? = nil
    ) throws -> [T] {
        var query = query(type, schema: schema).where(predicate)
        if let orderBy { query = query.orderBy(orderBy, order: order) }
        if limit != nil || offset != nil { query = query.limit(limit ?? -1, offset: offset) }
        return try query.eval().load()
    }

    /// How many rows of the type's table match `predicate` (all when `nil`), as an `Int64` as in
    /// SkipSQL: SkipSQL's spelling, kept for SkipSQL code. `query(type).where(…).count()`
    /// counts with key-path conditions too, as an `Int`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func count<T: SQLCodable>(_ type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> Int64 {
        try aggregate("COUNT(*)", type, schema, predicate).longValue ?? 0
    }

    /// Whether any row of the type's table matches `predicate`.
    ///
    /// - Throws: `SQLError` from SQLite.
    public func exists<T: SQLCodable>(_ type: T.Type, inSchema schema: String? = nil, where predicate: SQLPredicate? = nil) throws -> Bool {
        let (whereClause, parameters) = Self.whereClause(predicate)
        let sql = "SELECT EXISTS(SELECT 1 FROM \(T.table.quotedName(inSchema: schema))\(whereClause))"
        return try creatingRecordTables([T.table], inSchema: schema) { prefix in
            try selectAll(sql: prefix + sql, parameters: parameters).first?.first?.longValue == 1
        }
    }

    /// `SELECT expression FROM table WHERE …`'s one value, as SkipSQL writes it.
    func aggregate<T: SQLCodable>(_ expression: String, _ type: T.Type, _ schema: String?, _ predicate: SQLPredicate?) throws -> SQLValue {
        let (whereClause, parameters) = Self.whereClause(predicate)
        return try creatingRecordTables([T.table], inSchema: schema) { prefix in
            try selectAll(sql: prefix + "SELECT \(expression) FROM \(T.table.quotedName(inSchema: schema))\(whereClause)", parameters: parameters).first?.first ?? .null
        }
    }

    /// ` WHERE …` and its parameters, or nothing.
    static func whereClause(_ predicate: SQLPredicate?) -> (String, [SQLValue]) {
        guard let predicate else { return ("", []) }
        let (sql, parameters) = predicate.rendered()
        return (" WHERE " + sql, parameters)
    }

    /// The predicate that finds `rows` by the table's primary key, as SkipSQL builds it: `key =
    /// value` for one row, `key IN (values)` for several; for a composite key, `(a, b) IN ((…),
    /// …)`, or `(a = … AND b = …) OR …` on engines without row values.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the table has no primary key.
    func primaryKeyPredicate(_ table: SQLTable, _ rows: [SQLRow]) throws -> SQLPredicate {
        let keys = table.primaryKeyColumns
        guard !keys.isEmpty else {
            throw SQLError(code: .misuse, message: "\(table.name) has no primary key, so a record cannot be found by it")
        }
        let values = rows.map { row in keys.map { row[$0] ?? .null } }
        if keys.count == 1 {
            return values.count == 1 ? .equals(keys[0], values[0][0]) : .in(keys[0], values.map { $0[0] })
        }
        if supports(.rowValueInSyntax) {
            return .member(.tuple(keys.map(\.operand)), of: values.map { .tuple($0.map(\.operand)) })
        }
        return .any(values.map { row in .all(zip(keys, row).map { $0.equals($1) }) })
    }
}

/// The statements the mapping layer derives from a table, told apart in cache keys.
enum RecordStatement: Int {
    case insert = 1
    /// The marker that the table of a plain `Codable` record was checked (see `creatingRecordTables`).
    case tableChecked = 2
    /// The SELECT of one record by its primary key (see `fetch(_:primaryKey:)`).
    case fetchByKey = 3
}
