extension SQLContext {
    /// Prepares one statement to run many times; the caller owns it (and may `close()` it early).
    ///
    /// ```swift
    /// let insert = try db.prepare(sql: "INSERT INTO book (title, year) VALUES (?, ?)")
    /// for (title, year) in [("Dune", 1965), ("Solaris", 1961)] {
    ///     try insert.update(parameters: [.text(title), .long(Int64(year))])
    /// }
    /// ```
    /// - Parameter sql: exactly one SQL statement, with `?`, `?NNN`, `:name`, `@name` or `$name`
    ///   placeholders for its parameters.
    /// - Returns: the prepared statement, ready to bind and step.
    /// - Throws: `SQLError` for invalid SQL (`SQLITE_ERROR` with SQLite's message), for text that
    ///   holds no statement or more than one (`SQLITE_MISUSE`; run scripts with `exec`), or when
    ///   the context is closed.
    public func prepare(sql: String) throws -> SQLStatement {
        switch try prepareSingle(sql) {
        case .statement(let statement): return statement
        case .script: throw SQLError(code: .misuse, message: "prepare takes exactly one statement; run scripts with exec(sql:)", sql: sql)
        case .empty: throw SQLError(code: .misuse, message: "no SQL statement to prepare", sql: sql)
        }
    }

    /// Runs `sql` with `parameters` bound in order, discarding any rows.
    ///
    /// `sql` may also be a script of several statements separated by `;`, run in order; a script
    /// takes no parameters. Single statements are prepared once and cached.
    ///
    /// ```swift
    /// try db.exec(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT); CREATE INDEX book_title ON book (title)")
    /// try db.exec(sql: "INSERT INTO book (title) VALUES (?)", parameters: [.text("Dune")])
    /// ```
    /// - Parameters:
    ///   - sql: one statement, or a script of several.
    ///   - parameters: the values of the statement's parameters, in order (1, 2, …); parameters
    ///     left over are NULL, as in SQLite (see `SQLStrictness.allParametersBound`).
    /// - Throws: `SQLError` for invalid SQL, more values than parameters (`SQLITE_RANGE`),
    ///   parameters given to a script (`SQLITE_MISUSE`), any error SQLite reports while running
    ///   (a constraint, a read-only database, …), or when the context is closed.
    public func exec(sql: String, parameters: [SQLValue] = []) throws {
        let ran: Void? = try withCachedStatement(sql) { statement in
            try statement.bind(parameters: parameters)
            while try statement.next() {}
        }
        if ran == nil {
            guard parameters.isEmpty else {
                throw SQLError(code: .misuse, message: "parameters can only be bound to a single statement, not a script", sql: sql)
            }
            try runScript(sql)
        }
    }

    /// Runs one statement with named parameters (`:name`, `@name`, `$name`), discarding any rows.
    ///
    /// - Throws: `SQLError` for invalid SQL, an unknown or unbound parameter (`SQLITE_RANGE`),
    ///   more than one statement (`SQLITE_MISUSE`), or any error SQLite reports.
    public func exec(sql: String, parameters: [String: SQLValue]) throws {
        let ran: Void? = try withCachedStatement(sql) { statement in
            try statement.bind(parameters: parameters)
            while try statement.next() {}
        }
        if ran == nil {
            throw SQLError(code: .misuse, message: "named parameters can only be bound to a single statement", sql: sql)
        }
    }

    /// Runs one statement with `parameters` bound in order and returns all its rows.
    ///
    /// ```swift
    /// let rows = try db.selectAll(sql: "SELECT id, title FROM book WHERE year > ?", parameters: [.long(1960)])
    /// for row in rows { print(row[0].longValue ?? 0, row[1].textValue ?? "") }
    /// ```
    /// - Parameters:
    ///   - sql: exactly one statement.
    ///   - parameters: the values of its parameters, in order.
    /// - Returns: every row, each an array of its column values in order.
    /// - Throws: `SQLError` for invalid SQL, more values than parameters (`SQLITE_RANGE`), text
    ///   that holds no statement or several (`SQLITE_MISUSE`), or any error SQLite reports.
    public func selectAll(sql: String, parameters: [SQLValue] = []) throws -> [[SQLValue]] {
        let rows = try withCachedStatement(sql) { statement in
            try statement.bind(parameters: parameters)
            return try Self.collectRows(statement)
        }
        guard let rows else { throw SQLError(code: .misuse, message: "selectAll runs exactly one statement", sql: sql) }
        return rows
    }

    /// Runs one statement with named parameters and returns all its rows.
    ///
    /// - Throws: `SQLError` as `selectAll(sql:parameters:)` does, and for an unknown or unbound name.
    public func selectAll(sql: String, parameters: [String: SQLValue]) throws -> [[SQLValue]] {
        let rows = try withCachedStatement(sql) { statement in
            try statement.bind(parameters: parameters)
            return try Self.collectRows(statement)
        }
        guard let rows else { throw SQLError(code: .misuse, message: "selectAll runs exactly one statement", sql: sql) }
        return rows
    }

    private static func collectRows(_ statement: SQLStatement) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        while try statement.next() {
            rows.append(statement.rowValues())
        }
        return rows
    }

    /// Runs `body` with the cached statement for `sql`, preparing and caching it on first use.
    ///
    /// Returns `nil`, without calling `body`, when `sql` holds several statements or none. When
    /// the cached statement is already running (a hook re-entering the context), a fresh one is
    /// prepared for this call.
    /// - Throws: `SQLError` from preparing, or what `body` throws.
    package func withCachedStatement<Result>(_ sql: String, _ body: (SQLStatement) throws -> Result) throws -> Result? {
        try withCachedStatement(key: .text(sql), owner: nil, sql: { sql }, body)
    }

    /// Runs `body` with the statement cached under `key`, preparing `sql()` and caching it under
    /// `key` on first use; `owner` is kept alive while the statement is cached.
    ///
    /// Returns `nil`, without calling `body`, when the SQL holds several statements or none.
    /// - Throws: `SQLError` from preparing, or what `body` throws.
    package func withCachedStatement<Result>(
        key: StatementKey, owner: AnyObject?, sql: () -> String, _ body: (SQLStatement) throws -> Result
    ) throws -> Result? {
        guard let statement = try checkOutStatement(key: key, owner: owner, sql: sql) else { return nil }
        defer { checkIn(statement) }
        return try body(statement)
    }

    /// What the start of a SQL text prepares to.
    enum PreparedText {
        /// Exactly one statement.
        case statement(SQLStatement)
        /// More than one statement.
        case script
        /// Only white space, comments or semicolons.
        case empty
    }

    /// Prepares `sql` when it holds exactly one statement.
    func prepareSingle(_ sql: String) throws -> PreparedText {
        let (connection, engine) = try checkOpen()
        try Self.checkNoNUL(sql)
        let prepared: PreparedText = try sql.withCString { text in
            var handle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let result = engine.functions.prepareV2(connection, text, Int32(clamping: sql.utf8.count + 1), &handle, &tail)
            guard result == SQLResultCode.ok.rawValue else {
                throw SQLError(engine: engine, connection: connection, resultCode: result, sql: sql)
            }
            let restIsBlank = tail.map(Self.isBlank) ?? true
            guard let handle else { return restIsBlank ? .empty : .script }
            guard restIsBlank else {
                _ = engine.functions.finalize(handle)
                return .script
            }
            if !engine.encrypts, KeyStatements.containsKey(sql) {
                _ = engine.functions.finalize(handle)
                throw Self.keyWithoutEncryption(engine, sql: sql)
            }
            return .statement(
                SQLStatement(
                    handle: handle, connection: connection, engine: engine, sql: sql, registry: liveStatements, changeTracker: changeTracker,
                    strictness: strictness))
        }
        return prepared
    }

    /// Runs every statement of `script` in order, preparing each just before it runs (so that a
    /// statement may use a table the one before it created). A statement during which a callback
    /// closed the context throws that it is closed, and the closing is done once it is finalized.
    private func runScript(_ script: String) throws {
        let (connection, engine) = try checkOpen()
        defer { changeTracker.activity.settle() }
        try Self.checkNoNUL(script)
        let functions = engine.functions
        try script.withCString { start in
            let end = start + script.utf8.count
            var cursor = start
            while cursor < end, cursor.pointee != 0 {
                var handle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let result = functions.prepareV2(connection, cursor, Int32(clamping: end - cursor + 1), &handle, &tail)
                guard result == SQLResultCode.ok.rawValue else {
                    throw SQLError(engine: engine, connection: connection, resultCode: result, sql: String(cString: cursor))
                }
                guard let tail, tail > cursor else { break }
                defer { cursor = tail }
                guard let handle else { continue }
                defer { _ = functions.finalize(handle) }
                if !engine.encrypts, let text = functions.sql(handle).map({ String(cString: $0) }), KeyStatements.containsKey(text) {
                    throw Self.keyWithoutEncryption(engine, sql: text)
                }
                var status: Int32
                repeat {
                    status = functions.step(handle)
                } while status == SQLResultCode.row.rawValue
                if changeTracker.commitRequested { changeTracker.statementEnded() }
                if isClosed { throw SQLError.closed("database connection", sql: functions.sql(handle).map { String(cString: $0) }) }
                guard status == SQLResultCode.done.rawValue else {
                    let text = functions.sql(handle).map { String(cString: $0) }
                    throw SQLError(engine: engine, connection: connection, resultCode: status, sql: text)
                }
            }
        }
    }

    /// The error of a key statement (`PRAGMA key`, `ATTACH … KEY`, …) on an engine that does not
    /// encrypt, which SQLite would accept and ignore, leaving the data in clear.
    private static func keyWithoutEncryption(_ engine: SQLiteEngine, sql: String) -> SQLError {
        SQLError(
            code: .misuse,
            message: "\(engine.name) does not encrypt, so it cannot take a key and would write the data in clear; open the database with configuration: .plus (PortableSQLPlus)",
            sql: sql)
    }

    /// SQLite reads SQL text only up to a NUL character; rather than run part of the text, refuse it.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when `sql` contains a NUL character.
    private static func checkNoNUL(_ sql: String) throws {
        if sql.utf8.contains(0) {
            throw SQLError(code: .misuse, message: "the SQL text contains a NUL character", sql: sql)
        }
    }

    /// Whether `text` holds nothing but white space, comments and semicolons.
    private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var cursor = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        while true {
            switch cursor.pointee {
            case 0:
                return true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, UInt8(ascii: ";"):
                cursor += 1
            case UInt8(ascii: "-") where cursor[1] == UInt8(ascii: "-"):
                while cursor.pointee != 0, cursor.pointee != UInt8(ascii: "\n") { cursor += 1 }
            case UInt8(ascii: "/") where cursor[1] == UInt8(ascii: "*"):
                cursor += 2
                while cursor.pointee != 0, !(cursor.pointee == UInt8(ascii: "*") && cursor[1] == UInt8(ascii: "/")) { cursor += 1 }
                if cursor.pointee != 0 { cursor += 2 }
            default:
                return false
            }
        }
    }
}
