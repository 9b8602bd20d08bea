/// How much SQLCipher 4.5 and later writes to its log (standard error on Linux), for
/// `SQLiteConfiguration.setCipherLogLevel(_:)`.
///
/// PortableSQLPlus sets `.none` when it loads SQLCipher: otherwise every wrong key would print
/// SQLCipher's "hmac check failed" lines on standard error, where the thrown `SQLError` already
/// says what happened.
public enum SQLCipherLogLevel: String, Sendable, CaseIterable {
    /// Nothing is logged (PortableSQLPlus's default).
    case none = "NONE"
    /// Errors only, such as a page that fails its HMAC check.
    case error = "ERROR"
    /// Errors and warnings (SQLCipher's own default).
    case warning = "WARN"
    /// Also informational messages.
    case info = "INFO"
    /// Also debugging detail.
    case debug = "DEBUG"
    /// Everything, including each mutex and memory operation.
    case trace = "TRACE"
}
