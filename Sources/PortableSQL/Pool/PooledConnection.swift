/// A connection of a `SQLContextPool`, handed from thread to thread under a lock: never used by
/// two at once.
///
/// A closure may close the context it was handed; `openContext()` then opens a new one with the
/// same settings (key and pragmas included), so that one closure cannot leave the pool without
/// its connection.
final class PooledConnection: @unchecked Sendable {
    /// The context, which may have been closed by the last closure it was handed to.
    private(set) var context: SQLContext
    private let reopen: () throws -> SQLContext

    /// Wraps `context`, opened by `reopen`, which opens the next one when it is closed.
    init(_ context: SQLContext, reopen: @escaping () throws -> SQLContext) {
        self.context = context
        self.reopen = reopen
    }

    /// The context, opened anew when the last closure closed it.
    ///
    /// - Throws: the error of opening a new connection (the next call tries again).
    func openContext() throws -> SQLContext {
        if context.isClosed { context = try reopen() }
        return context
    }
}
