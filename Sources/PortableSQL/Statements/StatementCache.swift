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

    /// Caches `statement` under `key`, evicting the oldest entry that is not in use when full.
    /// When every entry is in use (statements running inside each other's hooks), the
    /// statement is not cached.
    mutating func insert(_ statement: SQLStatement, for key: StatementKey, owner: AnyObject?) {
        if entries.count >= Self.capacity {
            guard let index = insertionOrder.firstIndex(where: { entries[$0]?.statement.isInUse != true }) else { return }
            let oldest = insertionOrder.remove(at: index)
            entries.removeValue(forKey: oldest)?.statement.finalize()
            if lastFoundKey == oldest { forgetLastFound() }
        }
        entries[key] = Entry(statement: statement, owner: owner)
        insertionOrder.append(key)
    }

    /// How many statements are cached.
    var count: Int { entries.count }

    /// Whether a statement is cached under `key`.
    func contains(_ key: StatementKey) -> Bool {
        entries[key] != nil
    }

    /// Whether `statement` is the one cached under `key` (and not one prepared beside it while
    /// the cached one was in use).
    func holds(_ statement: SQLStatement, for key: StatementKey) -> Bool {
        if lastFoundStatement === statement { return true }
        return entries[key]?.statement === statement
    }

    /// Forgets the statement cached under `key`, if any, without finalizing it.
    mutating func remove(_ key: StatementKey) {
        guard entries.removeValue(forKey: key) != nil else { return }
        insertionOrder.removeAll { $0 == key }
        if lastFoundKey == key { forgetLastFound() }
    }

    /// Finalizes and forgets every cached statement.
    mutating func removeAll() {
        for entry in entries.values { entry.statement.finalize() }
        entries.removeAll()
        insertionOrder.removeAll()
        forgetLastFound()
    }

    private mutating func forgetLastFound() {
        lastFoundKey = nil
        lastFoundStatement = nil
    }
}
