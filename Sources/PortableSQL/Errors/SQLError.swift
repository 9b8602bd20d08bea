import Foundation

/// The one error type of PortableSQL: a SQLite result code with its message and statement.
///
/// Errors reported by SQLite carry SQLite's own codes and message. Misuse that PortableSQL
/// catches before calling SQLite (a wrong parameter count, a closed context, a column index out
/// of range, a library that cannot be loaded) uses the code SQLite would use for it
/// (`SQLITE_RANGE`, `SQLITE_MISUSE`, `SQLITE_CANTOPEN`, …) and says what was wrong.
public struct SQLError: Error, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// The primary result code, such as `SQLITE_CONSTRAINT` (19), as an `Int32` as in SkipSQL;
    /// it compares with `SQLResultCode`s too (`error.code == .constraint`).
    public let code: Int32
    /// The extended result code, such as `SQLITE_CONSTRAINT_UNIQUE` (the primary code when there is none).
    public let extendedCode: SQLResultCode
    /// What went wrong, in SQLite's words or PortableSQL's.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    /// Makes an error from a result code (primary or extended), a message and the statement.
    ///
    /// A statement that carries an encryption key (`PRAGMA key`, `ATTACH … KEY`, a `file:`
    /// URI with `key=`, even one SQLite could not read) is kept with the key replaced, and the
    /// message with every quoted part replaced (SQLite's `near "…"` may quote the key); a key
    /// parameter of a URI in the message is replaced too; an ATTACH or VACUUM is kept without
    /// its literals, which may spell a key in pieces. No error text shows a key.
    public init(code: SQLResultCode, message: String, sql: String? = nil) {
        self.init(code: code, message: message, redaction: sql.map(ErrorRedaction.init(sql:)))
    }

    /// Makes an error about a statement whose redaction was worked out before (`ErrorRedaction`),
    /// or about none.
    package init(code: SQLResultCode, message: String, redaction: ErrorRedaction?) {
        self.code = code.primary.rawValue
        self.extendedCode = code
        self.message = redaction?.shown(message) ?? KeyStatements.withoutURIKeys(message)
        self.sql = redaction?.shownSQL
    }

    /// The primary result code as a `SQLResultCode`, such as `.constraint`.
    public var resultCode: SQLResultCode { SQLResultCode(rawValue: code) }

    /// `SQLite error code 19: NOT NULL constraint failed: note.body`, as SkipSQL writes it.
    public var description: String {
        "SQLite error code \(code): \(message)"
    }

    /// The same as `description`, as in SkipSQL.
    public var localizedDescription: String { description }

    /// One line: the extended code's name, the message and, when known, the statement, such as
    /// `SQLITE_CONSTRAINT_NOTNULL: NOT NULL constraint failed: note.body — in: INSERT …`.
    public var debugDescription: String {
        var text = "\(extendedCode.name): \(message)"
        if let sql { text += " — in: \(sql)" }
        return text
    }

    /// The same as `debugDescription`: what `localizedDescription` gives for an `any Error`.
    public var errorDescription: String? { debugDescription }
}

extension SQLError {
    /// The error SQLite reported on `connection` for `resultCode`, with SQLite's message.
    package init(engine: SQLiteEngine, connection: OpaquePointer?, resultCode: Int32, sql: String?) {
        self.init(engine: engine, connection: connection, resultCode: resultCode, redaction: sql.map(ErrorRedaction.init(sql:)))
    }

    /// The error SQLite reported on `connection` for `resultCode`, about a statement whose
    /// redaction was worked out before.
    package init(engine: SQLiteEngine, connection: OpaquePointer?, resultCode: Int32, redaction: ErrorRedaction?) {
        if engine.vfs == CheckedOpenVFS.name, let refusal = CheckedOpenVFS.takeRefusal(for: resultCode) {
            self.init(code: refusal.resultCode, message: refusal.message, redaction: redaction)
            return
        }
        let functions = engine.functions
        var extended = resultCode
        var message: String?
        if let connection {
            let connectionCode = functions.extendedErrcode(connection)
            // The connection's code is the extended form of this result when their primaries agree.
            if connectionCode & 0xFF == resultCode & 0xFF { extended = connectionCode }
            message = functions.errmsg(connection).map { String(cString: $0) }
        }
        if message == nil || message == "not an error" {
            message = functions.errstr(resultCode).map { String(cString: $0) }
        }
        if resultCode & 0xFF == SQLResultCode.notADatabase.rawValue, let explained = engine.notADatabaseMessage {
            message = explained
        }
        self.init(code: SQLResultCode(rawValue: extended), message: message ?? "unknown error", redaction: redaction)
    }

    /// The error thrown when something is used after `close()`.
    package static func closed(_ what: String, sql: String? = nil) -> SQLError {
        SQLError(code: .misuse, message: "\(what) is closed", sql: sql)
    }
}
