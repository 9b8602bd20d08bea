#if Server
import Logging
import PortableSQL

/// Where and how a database's statements, slow statements and errors are logged: a swift-log
/// `Logger`, the label that names the database in every line, the threshold above which a
/// statement counts as slow, and the level of each kind of line.
///
/// Every line carries the metadata `sql.database` (the label); a statement line also has
/// `sql.duration_ms` (SQLite's measure of its running time, in whole milliseconds on Linux), an
/// error line `sql.error.code` (the extended code's name, such as `SQLITE_CONSTRAINT_NOTNULL`)
/// and, when there was one, `sql.statement`. A statement line's message is the statement as the
/// context's trace shows it: with its bound values written in, unless the configuration is
/// strict about them (`.strict(.hiddenValuesInTrace)`, which a server whose rows are private
/// should use), and never with a key (PortableSQL redacts key statements in traces and errors).
///
/// ```text
/// debug notes: sql.database=notes sql.duration_ms=0.0 [PortableSQLServer] INSERT INTO note VALUES (?)
/// warning NotesServer: sql.database=notes sql.duration_ms=11.0 [PortableSQLServer] slow statement: PRAGMA journal_mode = WAL
/// ```
public struct SQLLogging: Sendable {
    /// The metadata key of the database's label.
    public static let databaseKey = "sql.database"
    /// The metadata key of a statement's running time, in milliseconds.
    public static let durationKey = "sql.duration_ms"
    /// The metadata key of an error's extended result code name.
    public static let errorCodeKey = "sql.error.code"
    /// The metadata key of the statement an error happened in.
    public static let statementKey = "sql.statement"

    /// Where the lines go. Its log level is read once per statement, before any text is built.
    public var logger: Logger
    /// Names the database in every line (`sql.database`).
    public var label: String
    /// A statement that runs at least this long is logged as slow, at `slowStatementLevel`;
    /// `nil`: none is.
    public var slowStatementThreshold: Duration?
    /// The level of every statement that is not slow (default `.debug`).
    public var statementLevel: Logger.Level
    /// The level of slow statements (default `.warning`).
    public var slowStatementLevel: Logger.Level
    /// The level of errors (default `.error`).
    public var errorLevel: Logger.Level

    /// Logging to `logger`, naming the database `label`; statements that run 100 ms or more
    /// (by default) are slow.
    public init(
        logger: Logger, label: String, slowStatementThreshold: Duration? = .milliseconds(100),
        statementLevel: Logger.Level = .debug, slowStatementLevel: Logger.Level = .warning, errorLevel: Logger.Level = .error
    ) {
        self.logger = logger
        self.label = label
        self.slowStatementThreshold = slowStatementThreshold
        self.statementLevel = statementLevel
        self.slowStatementLevel = slowStatementLevel
        self.errorLevel = errorLevel
    }

    /// Logs a statement that finished after `duration`: at `slowStatementLevel`, its message
    /// starting with "slow statement: ", when it reached the threshold, else at
    /// `statementLevel`. `sql` is called only when the line is logged. Never throws.
    public func logStatement(after duration: Duration, sql: () -> String) {
        let isSlow = slowStatementThreshold.map { duration >= $0 } ?? false
        let level = isSlow ? slowStatementLevel : statementLevel
        guard logger.logLevel <= level else { return }
        let text = sql()
        logger.log(
            level: level, "\(isSlow ? "slow statement: " : "")\(text)",
            metadata: [Self.databaseKey: "\(label)", Self.durationKey: "\(Self.milliseconds(duration))"])
    }

    /// Logs `error` at `errorLevel` when it is a `SQLError` (its code's name, message and
    /// statement, which PortableSQL has already stripped of any key); other errors, the app's
    /// own and `CancellationError`, are not the database's and are left to the app. Never throws.
    public func log(_ error: any Error) {
        guard let error = error as? SQLError else { return }
        var metadata: Logger.Metadata = [Self.databaseKey: "\(label)", Self.errorCodeKey: "\(error.extendedCode.name)"]
        if let sql = error.sql { metadata[Self.statementKey] = "\(sql)" }
        logger.log(level: errorLevel, "\(error.extendedCode.name): \(error.message)", metadata: metadata)
    }

    /// Runs `body` and returns what it returns; what it throws is logged (see `log(_:)`) and
    /// thrown on.
    ///
    /// - Throws: what `body` throws.
    public func loggingErrors<T>(_ body: () throws -> T) rethrows -> T {
        do {
            return try body()
        } catch {
            log(error)
            throw error
        }
    }

    /// `duration` in milliseconds, to the microsecond.
    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1_000_000 + (Double(attoseconds) / 1e12).rounded()) / 1000
    }
}
#endif
