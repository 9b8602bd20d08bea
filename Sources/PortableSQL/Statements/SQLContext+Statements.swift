extension SQLContext {
    /// Prepares one statement to run many times; the caller owns it (and may `close()` it early).
    ///
    /// ```swift
    /// let insert = try db.prepare(sql: "INSERT INTO book (title, year) VALUES (?, ?)")
    /// for (title, year) in [("Dune", 1965), ("Solaris", 1961)] {
    ///     try insert.update(parameters: [.text(title), .long(Int64(year))])
    /// }
    /// ```
    /// - Parameter sql: one SQL statement, with `?`, `?NNN`, `:name`, `@name` or `$name`
    ///   placeholders for its parameters. As in SkipSQL, only the first statement of a text that
    ///   holds several is prepared (`SQLStrictness.singleStatements` refuses such text).
    /// - Returns: the prepared statement, ready to bind and step.
    /// - Throws: `SQLError` for invalid SQL (`SQLITE_ERROR` with SQLite's message), for text that
    ///   holds no statement (`SQLITE_MISUSE`), or when the context is closed.
    public func prepare(sql: String) throws -> SQLStatement {
        guard let statement = try prepareFirst(sql) else {
            throw SQLError(code: .misuse, message: "no SQL statement to prepare", sql: sql)
        }
        return statement
    }

    /// Runs the first statement of `sql` with `parameters` bound in order, discarding any rows.
    ///
    /// As in SkipSQL, a text of several statements runs only its first one: run a script with
    /// `execute(script:)` (`SQLStrictness.singleStatements` makes `exec` refuse such text). The
    /// statement is prepared once and cached.
    ///
    /// ```swift
    /// try db.exec(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT)")
    /// try db.exec(sql: "INSERT INTO book (title) VALUES (?)", parameters: [.text("Dune")])
    /// ```
    /// - Parameters:
    ///   - sql: one statement.
    ///   - parameters: the values of the statement's parameters, in order (1, 2, …); parameters
    ///     left over are NULL, as in SQLite (see `SQLStrictness.allParametersBound`).
    /// - Throws: `SQLError` for invalid SQL, text with no statement (`SQLITE_MISUSE`), more
    ///   values than parameters (`SQLITE_RANGE`), any error SQLite reports while running (a
    ///   constraint, a read-only database, …), or when the context is closed.
    public func exec(sql: String, parameters: [SQLValue] = []) throws {
        let ran: Void? = try withCachedStatement(sql) { statement in
            try statement.bind(parameters: parameters)
            while try statement.next() {}
        }
        if ran == nil { throw Self.noStatement(sql) }
    }

    /// Runs the first statement of `sql` with named parameters (`:name`, `@name`, `$name`),
    /// discarding any rows.
    ///
    /// - Throws: `SQLError` for invalid SQL, an unknown or unbound parameter (`SQLITE_RANGE`),
    ///   text with no statement (`SQLITE_MISUSE`), or any error SQLite reports.
    public func exec(sql: String, parameters: [String: SQLValue]) throws {
        let ran: Void? = try withCachedStatement(sql) { statement in
            try statement.bind(parameters: parameters)
            while try statement.next() {}
        }
        if ran == nil { throw Self.noStatement(sql) }
    }

    /// Runs the first statement of `sql` with `parameters` bound in order and returns all its rows.
    ///
    /// ```swift
    /// let rows = try db.selectAll(sql: "SELECT id, title FROM book WHERE year > ?", parameters: [.long(1960)])
    /// for row in rows { print(row[0].longValue ?? 0, row[1].textValue ?? "") }
    /// ```
    /// - Parameters:
    ///   - sql: one statement (only the first of several runs, as in `exec`).
    ///   - parameters: the values of its parameters, in order.
    /// - Returns: every row, each an array of its column values in order.
    /// - Throws: `SQLError` for invalid SQL, more values than parameters (`SQLITE_RANGE`), text
    ///   that holds no statement (`SQLITE_MISUSE`), or any error SQLite reports.
    public func selectAll(sql: String, parameters: [SQLValue] = []) throws -> [[SQLValue]] {
        let rows = try withCachedStatement(sql) { statement in
            try statement.bind(parameters: parameters)
            return try Self.collectRows(statement)
        }
        guard let rows else { throw Self.noStatement(sql) }
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
        guard let rows else { throw Self.noStatement(sql) }
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
    /// Returns `nil`, without calling `body`, when `sql` holds no statement. When
    /// the cached statement is already running (a hook re-entering the context), a fresh one is
    /// prepared for this call.
    /// - Throws: `SQLError` from preparing, or what `body` throws.
    package func withCachedStatement<Result>(_ sql: String, _ body: (SQLStatement) throws -> Result) throws -> Result? {
        try withCachedStatement(key: .text(sql), owner: nil, sql: { sql }, body)
    }

    /// Runs `body` with the statement cached under `key`, preparing `sql()` and caching it under
    /// `key` on first use; `owner` is kept alive while the statement is cached.
    ///
    /// Returns `nil`, without calling `body`, when the SQL holds no statement.
    /// - Throws: `SQLError` from preparing, or what `body` throws.
    package func withCachedStatement<Result>(
        key: StatementKey, owner: AnyObject?, sql: () -> String, _ body: (SQLStatement) throws -> Result
    ) throws -> Result? {
        guard let statement = try checkOutStatement(key: key, owner: owner, sql: sql) else { return nil }
        defer { checkIn(statement) }
        return try body(statement)
    }

    /// The error of a text that holds no statement (only white space, comments or `;`).
    static func noStatement(_ sql: String) -> SQLError {
        SQLError(code: .misuse, message: "the SQL text holds no statement", sql: sql)
    }

    /// Prepares the first statement of `sql`; `nil` when it holds none.
    ///
    /// - Throws: `SQLError` for invalid SQL, a NUL character, a key statement on an engine that
    ///   does not encrypt, or (with `SQLStrictness.singleStatements`) text holding a second statement.
    func prepareFirst(_ sql: String) throws -> SQLStatement? {
        let (connection, engine) = try checkOpen()
        try Self.checkNoNUL(sql)
        return try sql.withCString { text in
            var handle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let result = engine.functions.prepareV2(connection, text, Int32(clamping: sql.utf8.count + 1), &handle, &tail)
            guard result == SQLResultCode.ok.rawValue else {
                throw SQLError(engine: engine, connection: connection, resultCode: result, sql: sql)
            }
            guard let handle else { return nil }
            let onlyStatement = tail.map(Self.isBlank) ?? true
            if !onlyStatement && strictness.contains(.singleStatements) {
                _ = engine.functions.finalize(handle)
                throw SQLError(
                    code: .misuse,
                    message: "the text holds more than one statement; run it with execute(script:), which runs them all",
                    sql: sql)
            }
            // The statement's own text: all of `sql`, or its first statement when more follow.
            let statementText = onlyStatement ? sql : engine.functions.sql(handle).map { String(cString: $0) } ?? sql
            if let refusal = Self.refusal(ofStatement: statementText, engine: engine) {
                _ = engine.functions.finalize(handle)
                throw refusal
            }
            let opensFile = KeyStatements.opensFile(statementText)
            return SQLStatement(
                handle: handle, connection: connection, engine: engine, sql: statementText, registry: liveStatements,
                changeTracker: changeTracker, strictness: strictness,
                checksBoundURIs: engine.functions.bindParameterCount(handle) > 0 && opensFile)
        }
    }

    /// Why the statement `text`, just prepared on `engine`, must not run, or `nil`: a key
    /// statement on an engine that does not encrypt; a URI key that SQLCipher would take as
    /// none (`KeyStatements.unusableURIKey`); a `file:` URI that names a VFS of its own and a
    /// file that is no database file (`checkURIsNamingAVFS`). Every way SQL text is prepared
    /// asks here.
    static func refusal(ofStatement text: String, engine: SQLiteEngine) -> SQLError? {
        if !engine.capabilities.contains(.encryption), KeyStatements.containsKey(text) {
            return keyWithoutEncryption(engine, sql: text)
        }
        guard KeyStatements.opensFile(text) else { return nil }
        if engine.capabilities.contains(.encryption), let reason = KeyStatements.unusableURIKey(in: text) {
            return SQLError(code: .misuse, message: "\(reason): the file would be written in clear; give the key as key= (a passphrase) or hexkey= (a raw key in hex)", sql: text)
        }
        if engine.capabilities.contains(.localFiles), case .failure(let refusal) = checkURIsNamingAVFS(in: text) {
            return SQLError(code: refusal.resultCode, message: refusal.message, sql: text)
        }
        return nil
    }

    /// The error of a key statement (`PRAGMA key`, `ATTACH … KEY`, …) on an engine that does not
    /// encrypt, which SQLite would accept and ignore, leaving the data in clear.
    static func keyWithoutEncryption(_ engine: SQLiteEngine, sql: String) -> SQLError {
        SQLError(
            code: .misuse,
            message: "\(engine.name) does not encrypt, so it cannot take a key and would write the data in clear; open the database with configuration: .plus (PortableSQLPlus)",
            sql: sql)
    }

    /// SQLite reads SQL text only up to a NUL character; rather than run part of the text, refuse it.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when `sql` contains a NUL character.
    static func checkNoNUL(_ sql: String) throws {
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

extension SQLContext {
    /// Runs every statement of `script` in order, preparing each just before it runs (so that a
    /// statement may use a table the one before it created), and discards their rows.
    ///
    /// ```swift
    /// try db.execute(script: """
    ///     CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT);
    ///     CREATE INDEX book_title ON book (title);
    ///     """)
    /// ```
    ///
    /// `exec(sql:)` runs only the first statement of such a text, as SkipSQL's does; this is the
    /// call for migrations, schema files and dumps. The first statement that fails stops the
    /// script: those before it stay done (wrap the call in `transaction { }` to undo them too).
    /// A statement during which a callback closed the context throws that it is closed, and the
    /// closing is done once it is finalized.
    /// - Parameter script: statements separated by `;`; a script takes no parameters. Text with
    ///   no statement (white space, comments) runs nothing.
    /// - Throws: `SQLError` from the statement that failed (its text in `sql`), for a NUL
    ///   character, or a statement refused as `prepare(sql:)` refuses it (a key statement on an
    ///   engine that does not encrypt, a URI key SQLCipher would ignore, a FIFO named with
    ///   `vfs=`), or when the context is closed.
    public func execute(script: String) throws {
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
                if let text = functions.sql(handle).map({ String(cString: $0) }), let refusal = Self.refusal(ofStatement: text, engine: engine) {
                    throw refusal
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
}

extension SQLContext {
    /// Runs the first statement of `expression` with its bindings, as `exec(sql:parameters:)` does.
    ///
    /// - Throws: `SQLError`, as `exec(sql:parameters:)` does.
    public func exec(_ expression: SQLExpression) throws {
        try exec(sql: expression.sql, parameters: expression.bindings)
    }

    /// A statement of your own for `expression`, with its bindings bound.
    ///
    /// - Throws: `SQLError`, as `prepare(sql:)` and `bind(parameters:)` do.
    public func prepare(expr expression: SQLExpression) throws -> SQLStatement {
        let statement = try prepare(sql: expression.sql)
        do {
            try statement.bind(parameters: expression.bindings)
        } catch {
            statement.finalize()
            throw error
        }
        return statement
    }
}
