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
}
