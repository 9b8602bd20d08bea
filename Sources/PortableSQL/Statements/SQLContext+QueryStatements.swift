// The statements of the mapping layer's queries (`SQLSelectPlan`), lent by the statement cache
// for as long as a cursor reads them, rather than for one call as `withCachedStatement` does.
//
// The rules are the cache's: a statement lent is in use until it is given back, so that the
// same query run again meanwhile (in the loop over the first one's rows, or from a hook or a
// function SQLite calls) gets a statement of its own; a statement given back is reset and its
// parameters set back to NULL, so that it holds no read open, no half-read row and no value of
// the call before; the statement prepared beside a lent one is finalized when given back. A
// change of the schema needs nothing here: SQLite prepares a statement again when its schema
// changed, at its first step.

extension SQLContext {
    /// The statement for `sql`, one SELECT, from the statement cache (prepared, and cached when
    /// no other statement is cached for `sql`, on first use), lent until
    /// `checkInQueryStatement(_:)`; `isNew` tells that it was prepared for this call.
    ///
    /// - Throws: `SQLError` from preparing, for text that holds no statement (`SQLITE_MISUSE`),
    ///   or when the context is closed.
    package func checkOutQueryStatement(_ sql: String) throws -> (statement: SQLStatement, isNew: Bool) {
        var isNew = false
        guard let statement = try checkOutStatement(key: .text(sql), owner: nil, sql: { isNew = true; return sql }) else { throw Self.noStatement(sql) }
        return (statement, isNew)
    }

    /// Gives back a statement of `checkOutQueryStatement(_:)`: resets it (ending its read, if a
    /// row was left unread) and sets its parameters back to NULL, or finalizes it when it is not
    /// the cached one. Never throws; giving back a closed statement does nothing more.
    package func checkInQueryStatement(_ statement: SQLStatement) {
        statement.isInUse = false
        guard !statement.isClosed else { return }
        if statementCache.holds(statement, for: .text(statement.sql)) {
            statement.reset()
        } else {
            statement.finalize()
        }
    }

    /// Finalizes a statement of `checkOutQueryStatement(_:)` that must not be lent again, such
    /// as one whose table was dropped since it was prepared: the next check-out of its SQL
    /// prepares it anew, so that preparing reports what is missing.
    package func discardQueryStatement(_ statement: SQLStatement) {
        statement.isInUse = false
        statement.finalize()
    }
}
