#if Server
import PortableSQL

extension SQLContext {
    /// Logs each statement of this context to `logging` as it finishes, with its running time
    /// (see `SQLLogging`); slow ones at the slow level. It takes the context's profile hook
    /// (`profile(_:)`): `profile(nil)` stops the logging, and another profile hook replaces it.
    /// Errors are not statements: log them with `SQLLogging.loggingErrors(_:)`. Does nothing
    /// when the context is closed.
    public func logStatements(to logging: SQLLogging) {
        profile { duration, sql in logging.logStatement(after: duration, sql: sql) }
    }
}
#endif
