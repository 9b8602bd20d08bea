/// The statements prepared on one connection and not closed yet, so that closing the context
/// finalizes them.
///
/// The context and each of its statements hold the registry strongly; the registry holds the
/// statements unretained, and a statement leaves it when it is closed or freed. A weak reference
/// would do the same job, but it gives the object a side table, which puts every retain and
/// release of a statement on the runtime's slow path.
final class StatementRegistry {
    private var statements: [ObjectIdentifier: Unmanaged<SQLStatement>] = [:]

    /// Adds `statement`, which must remove itself before it is freed.
    func add(_ statement: SQLStatement) {
        statements[ObjectIdentifier(statement)] = .passUnretained(statement)
    }

    /// Removes `statement`; removing one that is not there does nothing.
    func remove(_ statement: SQLStatement) {
        statements[ObjectIdentifier(statement)] = nil
    }

    /// How many statements are open.
    var count: Int { statements.count }

    /// Closes every statement and empties the registry.
    func closeAll() {
        let open = Array(statements.values)
        statements.removeAll()
        for statement in open {
            statement.takeUnretainedValue().finalize()
        }
    }
}
