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
    public func supports(feature: SQLiteFeature) -> Bool {
        supports(feature)
    }

    /// SkipSQL's name of a trace hook's type: see `trace(_:)`.
    public typealias TraceAction = (String) -> Void

    /// SkipSQL's name of an update hook's type: see `onUpdate(hook:)`.
    public typealias UpdateAction = (_ action: SQLAction, _ rowid: Int64, _ dbname: String, _ tblname: String) -> Void

    /// `string` in single quotes, each `'` in it doubled: a SQL string literal, as SkipSQL
    /// writes one. Bind values as parameters instead where a statement takes them.
    public func quoteSingle(_ string: String) -> String {
        "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// `string` in double quotes, each `"` in it doubled: a SQL identifier, as SkipSQL writes one.
    public func quoteDouble(_ string: String) -> String {
        "\"" + string.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether the connection reads uncommitted changes of connections sharing its cache
    /// (`PRAGMA read_uncommitted`); as in SkipSQL, reading a closed context gives `false` and
    /// setting it does nothing then.
    public var readUncommitted: Bool {
        get { (try? selectAll(sql: "PRAGMA read_uncommitted").first?.first?.longValue) == 1 }
        set { try? exec(sql: newValue ? "PRAGMA read_uncommitted = ON" : "PRAGMA read_uncommitted = OFF") }
    }

    /// Brings the schema up to date with SkipSQL's closures: `migrations[0]` takes the database
    /// from version 0 to 1, `migrations[1]` from 1 to 2, and so on; the same as `migrate(_:)`
    /// with a step of version `n + 1` for each `migrations[n]`.
    ///
    /// - Throws: as `migrate(_:)`.
    public func migrate(migrations: [(SQLContext) throws -> Void]) throws {
        try migrate(migrations.enumerated().map { index, apply in SQLMigration(version: Int64(index + 1), apply: apply) })
    }
}

extension SQLContext.OpenFlags {
    /// SkipSQL's name of `noMutex`.
    public static let nomutex = SQLContext.OpenFlags.noMutex
}
