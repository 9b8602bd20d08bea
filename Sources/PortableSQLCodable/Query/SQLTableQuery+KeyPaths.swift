// The typed side of `SQLTableQuery`: counting, existence, first and all records, and selections.
extension SQLTableQuery {
    /// How many records the query finds (its limit and offset apply). SkipSQL code spells it
    /// `SQLContext.count(_:inSchema:where:)`, which takes a `SQLPredicate` only.
    ///
    /// - Throws: `SQLError` when the statement cannot run.
    public func count() throws -> Int64 {
        try aggregate("SELECT COUNT(*) FROM (", ")").longValue ?? 0
    }

    /// Whether the query finds any record.
    ///
    /// - Throws: `SQLError` when the statement cannot run.
    public func exists() throws -> Bool {
        try aggregate("SELECT EXISTS (", ")").longValue == 1
    }

    /// The first record the query finds, or `nil`.
    ///
    /// - Throws: `SQLError` when the statement cannot run; errors from decoding.
    public func fetchOne() throws -> T? {
        let cursor = try eval()
        defer { cursor.close() }
        return try cursor.load(count: 1).first
    }

    /// Every record the query finds: `eval().load()` (SkipSQL's spelling, kept for SkipSQL code)
    /// in one call.
    ///
    /// - Throws: `SQLError` when the statement cannot run; errors from decoding.
    @inlinable
    public func fetchAll() throws -> [T] {
        try eval().load()
    }

    /// The one value of the query wrapped as `prefix … suffix`.
    private func aggregate(_ prefix: String, _ suffix: String) throws -> SQLValue {
        if let error = plan.buildError { throw error }
        let (sql, parameters) = plan.statement()
        return try plan.creatingRecordTables(on: context) { with in
            try context.selectAll(sql: with + prefix + sql + suffix, parameters: parameters).first?.first ?? .null
        }
    }

    /// A query of `terms` (columns, aggregates, expressions) of the records this query finds,
    /// each row read as a tuple of the terms' types: `select(.column(\.city), .count())` gives
    /// `[(String, Int)]` rows, one term plain values. Refine it with `groupBy` and `having`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public func select<each V>(_ terms: repeat SQLTerm<T, each V>) -> SQLSelectQuery<T, repeat each V> {
        var plan = plan
        var selection: [SQLOperand] = []
        var error: SQLError?
        for term in repeat each terms {
            selection.append(term.operand)
            error = error ?? term.error
        }
        plan.selection = selection
        return SQLSelectQuery(context: context, plan: plan.failing(with: error))
    }

    /// A query of the column `keyPath` reads, of the records this query finds.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public func select<V>(_ keyPath: KeyPath<T, V>) -> SQLSelectQuery<T, V> {
        select(SQLTerm(keyPath))
    }
}
