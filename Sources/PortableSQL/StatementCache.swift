/// What a cached statement is found by: its SQL text, or, for statements a library layer
/// derives from a description of its own (the mapping layer's INSERT of a table, say), that
/// description's object and a variant number, which saves building and hashing the text.
package enum StatementKey: Hashable {
    /// The statement's SQL text.
    case text(String)
    /// An object that describes the statement (kept alive while cached) and a variant number.
    case derived(ObjectIdentifier, variant: Int)
}

/// The context's bounded cache of prepared statements.
///
/// `exec`, `selectAll` and the mapping layer run the same few statements again and again; the
/// cache saves parsing them each time. When full, the statement cached longest ago is finalized.
struct StatementCache {
    /// How many statements the cache keeps.
    static let capacity = 64

    private struct Entry {
        let statement: SQLStatement
        /// The object a `.derived` key names, kept alive so that its identifier is not reused.
        let owner: AnyObject?
    }

    private var entries: [StatementKey: Entry] = [:]
    private var insertionOrder: [StatementKey] = []
    /// The statement found last, checked first: a loop runs the same statement again and again.
    /// (Two fields rather than an optional tuple, so that checking it copies nothing.)
    private var lastFoundKey: StatementKey?
    private var lastFoundStatement: SQLStatement?

    /// The cached statement for `key`, if any.
    mutating func statement(for key: StatementKey) -> SQLStatement? {
        if lastFoundKey == key, let lastFoundStatement { return lastFoundStatement }
        guard let statement = entries[key]?.statement else { return nil }
        lastFoundKey = key
        lastFoundStatement = statement
        return statement
    }

    /// Caches `statement` under `key`, evicting the oldest entry when full.
    mutating func insert(_ statement: SQLStatement, for key: StatementKey, owner: AnyObject?) {
        if entries.count >= Self.capacity, !insertionOrder.isEmpty {
            let oldest = insertionOrder.removeFirst()
            entries.removeValue(forKey: oldest)?.statement.close()
            if lastFoundKey == oldest { forgetLastFound() }
        }
        entries[key] = Entry(statement: statement, owner: owner)
        insertionOrder.append(key)
    }

    /// Finalizes and forgets every cached statement.
    mutating func removeAll() {
        for entry in entries.values { entry.statement.close() }
        entries.removeAll()
        insertionOrder.removeAll()
        forgetLastFound()
    }

    private mutating func forgetLastFound() {
        lastFoundKey = nil
        lastFoundStatement = nil
    }
}
