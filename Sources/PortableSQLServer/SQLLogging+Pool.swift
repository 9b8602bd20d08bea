#if Server
import PortableSQL

extension SQLLogging {
    /// A `prepareConnection` for `SQLContextPool` that makes every connection of the pool log
    /// its statements here (`SQLContext.logStatements(to:)`): the writer, each reader as it
    /// opens, and any connection opened again after a closure closed its own. `next` runs after,
    /// and its statements are logged too.
    ///
    /// ```swift
    /// let pool = try SQLContextPool(path: path, prepareConnection: logging.loggingStatements())
    /// ```
    ///
    /// A pool's connections are prepared as they open, so choose the logging when the pool is
    /// made. On SQLCipher, `SQLContextPool(path:key:)` sets the key before that, through the C
    /// API: no key statement is run, so none can be logged.
    public func loggingStatements(then next: (@Sendable (SQLContext) throws -> Void)? = nil) -> @Sendable (SQLContext) throws -> Void {
        { context in
            context.logStatements(to: self)
            try next?(context)
        }
    }
}
#endif
