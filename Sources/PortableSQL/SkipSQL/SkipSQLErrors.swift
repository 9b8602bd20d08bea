import Foundation

// SkipSQL's other error types and result constants, so that code written for SkipSQL compiles
// unchanged. PortableSQL throws `SQLError` for every failure (a closed context or statement is
// `SQLITE_MISUSE`, a text with no statement too), so these are never thrown here; code that
// catches them compiles, and its `catch` clauses for them are not reached.

/// SkipSQL's error of a closed context. PortableSQL throws `SQLError` (`SQLITE_MISUSE`, "… is
/// closed") instead.
public struct SQLContextClosedError: Error {}

/// SkipSQL's error of a text that prepared no statement. PortableSQL throws `SQLError`
/// (`SQLITE_MISUSE`) instead.
public struct SQLStatementCreationError: Error {}

/// SkipSQL's error of a closed statement. PortableSQL throws `SQLError` (`SQLITE_MISUSE`) instead.
public struct SQLStatementClosedError: Error {}

/// SkipSQL's error with only a result code.
public struct InternalError: Error {
    /// The SQLite result code.
    public let code: Int32

    /// An error with the result code `code`.
    public init(code: Int32) {
        self.code = code
    }
}

/// SkipSQL's error of a failed step. PortableSQL throws `SQLError`, with SQLite's message, instead.
public struct SQLStatementError: Error {
    /// The SQLite result code.
    public let code: Int32
}

/// `SQLITE_DONE` (101), the result of a step that ran to the end, as SkipSQL declares it.
public let SQLITE_DONE = 101

/// `SQLITE_ROW` (100), the result of a step that has a row, as SkipSQL declares it.
public let SQLITE_ROW = 100

/// SkipSQL's error of a feature the library lacks (an upsert before SQLite 3.24, say).
/// PortableSQL throws `SQLError` instead.
public struct SQLNotSupportedError: LocalizedError {
    /// What is not supported.
    public var errorDescription: String?
}
