extension SQLContext {
    /// A database's transaction state, as `sqlite3_txn_state` tells it.
    package enum TransactionState: Int32 {
        /// No transaction is open on it.
        case idle = 0
        /// A transaction has read it and not written it.
        case reading = 1
        /// A transaction has written it or started to.
        case writing = 2
    }

    /// The transaction state of the attached database `schema`; `nil` when there is no such
    /// database, the engine cannot tell (the cluster), or the context is closed.
    package func transactionState(of schema: String) -> TransactionState? {
        guard let (connection, engine) = try? checkOpen(), let state = engine.functions.txnState?(connection, schema) else { return nil }
        return TransactionState(rawValue: state)
    }

    /// Whether the attached database `schema` is read-only; `nil` when there is no such
    /// database or the context is closed.
    package func isReadOnly(schema: String) -> Bool? {
        guard let (connection, engine) = try? checkOpen() else { return nil }
        switch engine.functions.dbReadonly(connection, schema) {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    /// The run-time limit `category` (`SQLITE_LIMIT_LENGTH` is 0, …), first set to `newValue`
    /// when it is given and not negative, as `sqlite3_limit` does: the value before any change;
    /// `nil` when the engine has no limits (the cluster) or the context is closed.
    package func limit(_ category: Int32, setting newValue: Int32 = -1) -> Int32? {
        guard let (connection, engine) = try? checkOpen(), let limit = engine.functions.limit else { return nil }
        return limit(connection, category, newValue)
    }
}
