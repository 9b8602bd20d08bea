#if Server
import PortableSQL

extension SQLContextPool.Configuration {
    /// This configuration, with every connection of the pool logging its statements to
    /// `logging` (`SQLContext.logStatements(to:)`): the writer, each reader as it opens, and any
    /// connection opened again after a closure closed its own.
    ///
    /// The pool opens every connection through `prepareConnection`, so the logging is attached
    /// there, before the `prepareConnection` this configuration had (whose statements are logged
    /// too). A pool's configuration is fixed when it is made, so choose the logging then. On
    /// SQLCipher, `SQLContextPool(path:key:settings:configuration:)` sets the key before that,
    /// through the C API: no key statement is run, so none can be logged.
    public func loggingStatements(to logging: SQLLogging) -> Self {
        var configuration = self
        let prepare = prepareConnection
        configuration.prepareConnection = { context in
            context.logStatements(to: logging)
            try prepare?(context)
        }
        return configuration
    }
}
#endif
