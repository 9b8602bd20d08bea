// SkipSQL's spellings on the context, so that code written for SkipSQL compiles unchanged.
extension SQLContext {
    /// Runs `block` holding the connection's SQLite mutex, as SkipSQL's `mutex` does. A
    /// connection opened in multi-thread mode (the default, `.noMutex`) has no mutex, so this
    /// only runs `block`; open with `.fullMutex` for one. Runs `block` when closed, too.
    ///
    /// - Throws: what `block` throws.
    public func mutex<T>(block: () throws -> T) rethrows -> T {
        guard let connection, let engine else { return try block() }
        let mutex = engine.functions.dbMutex(connection)
        engine.functions.mutexEnter(mutex)
        defer { engine.functions.mutexLeave(mutex) }
        return try block()
    }

    /// The same as `supports(_:)` (SkipSQL's spelling).
    public func supports(feature: SQLFeature) -> Bool {
        supports(feature)
    }

    /// Brings the schema up to date with SkipSQL's closures: `migrations[0]` takes the database
    /// from version 0 to 1, `migrations[1]` from 1 to 2, and so on; the same as `migrate(_:)`
    /// with a step of version `n + 1` for each `migrations[n]`.
    ///
    /// Returns the versions applied.
    /// - Throws: as `migrate(_:)`.
    @discardableResult
    public func migrate(migrations: [(SQLContext) throws -> Void]) throws -> [Int64] {
        try migrate(migrations.enumerated().map { index, apply in SQLMigration(version: Int64(index + 1), apply: apply) })
    }
}
