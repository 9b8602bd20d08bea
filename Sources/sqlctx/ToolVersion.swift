#if Tool
import PortableSQL

/// What `sqlctx --version` prints: the tool's version and the system SQLite it runs on. The
/// SQLCipher engine is not loaded for it; `sqlctx info` names it for an encrypted database.
enum ToolVersion {
    /// The version of sqlctx and of the PortableSQL package it is built from.
    static let number = "0.9.0"

    /// One line, such as "sqlctx 0.9.0 (PortableSQL 0.9.0, system SQLite 3.40.1)".
    static var line: String {
        "sqlctx \(number) (PortableSQL \(number), system SQLite \(SQLContext().version))"
    }
}
#endif
