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
    /// The statements found or cached last, with their keys, compared before a key is hashed: a
    /// loop runs one statement again and again, or alternates between a few (a loop of record
    /// inserts, one INSERT per set of columns the records give). Every statement here is also
    /// in `entries`, which keeps its owner alive.
    private var recent: [RecentEntry] = []
    /// The recent entry the next statement found replaces, once all places are taken.
    private var nextReplaced = 0

    /// How many statements are found again by comparing keys, without hashing.
    static let recentCapacity = 8

    private struct RecentEntry {
        let key: StatementKey
        /// The object and variant of a `.derived` key, compared without copying the key.
        let object: ObjectIdentifier?
        let variant: Int
        let statement: SQLStatement

        init(key: StatementKey, statement: SQLStatement) {
            self.key = key
            self.statement = statement
            if case .derived(let object, let variant) = key {
                (self.object, self.variant) = (object, variant)
            } else {
                (self.object, self.variant) = (nil, 0)
            }
        }
    }

    /// The cached statement for `key`, if any. Always inlined, so that a statement found among
    /// the recent ones costs no call.
    @inline(__always)
    mutating func statement(for key: StatementKey) -> SQLStatement? {
        if let statement = recentStatement(for: key) { return statement }
        return hashedStatement(for: key)
    }

    /// The cached statement for `key`, found by hashing the key, remembered among the recent ones.
    private mutating func hashedStatement(for key: StatementKey) -> SQLStatement? {
        guard let statement = entries[key]?.statement else { return nil }
        remember(statement, for: key)
        return statement
    }

    /// The statement among the recent ones for `key`, if any: a derived key compared by two
    /// words, a text by its bytes; the ones remembered last first, until all places are taken.
    @inline(__always)
    private func recentStatement(for key: StatementKey) -> SQLStatement? {
        recent.withUnsafeBufferPointer { recent in
            if case .derived(let object, let variant) = key {
                for entry in recent.reversed() where entry.object == object && entry.variant == variant { return entry.statement }
            } else {
                for entry in recent.reversed() where entry.object == nil && entry.key == key { return entry.statement }
            }
            return nil
        }
    }

    /// Puts `statement` among the recent ones, in place of the one found longest ago when all
    /// places are taken.
    private mutating func remember(_ statement: SQLStatement, for key: StatementKey) {
        let entry = RecentEntry(key: key, statement: statement)
        if recent.count < Self.recentCapacity {
            recent.append(entry)
        } else {
            recent[nextReplaced] = entry
            nextReplaced = (nextReplaced + 1) % Self.recentCapacity
        }
    }

    /// Forgets `key` among the recent statements.
    private mutating func forgetRecent(_ key: StatementKey) {
        guard let index = recent.firstIndex(where: { $0.key == key }) else { return }
        recent.remove(at: index)
        nextReplaced = 0
    }

    /// Caches `statement` under `key`, evicting the oldest entry that is not in use when full.
    /// When every entry is in use (statements running inside each other's hooks), the
    /// statement is not cached.
    mutating func insert(_ statement: SQLStatement, for key: StatementKey, owner: AnyObject?) {
        if entries.count >= Self.capacity {
            guard let index = insertionOrder.firstIndex(where: { entries[$0]?.statement.isInUse != true }) else { return }
            let oldest = insertionOrder.remove(at: index)
            entries.removeValue(forKey: oldest)?.statement.finalize()
            forgetRecent(oldest)
        }
        entries[key] = Entry(statement: statement, owner: owner)
        insertionOrder.append(key)
        remember(statement, for: key)
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
        if recentStatement(for: key) === statement { return true }
        return entries[key]?.statement === statement
    }

    /// Forgets the statement cached under `key`, if any, without finalizing it.
    mutating func remove(_ key: StatementKey) {
        guard entries.removeValue(forKey: key) != nil else { return }
        insertionOrder.removeAll { $0 == key }
        forgetRecent(key)
    }

    /// Finalizes and forgets every cached statement.
    mutating func removeAll() {
        for entry in entries.values { entry.statement.finalize() }
        entries.removeAll()
        insertionOrder.removeAll()
        recent.removeAll()
        nextReplaced = 0
    }
}
