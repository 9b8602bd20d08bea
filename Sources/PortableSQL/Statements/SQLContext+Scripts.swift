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
