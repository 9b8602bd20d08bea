/// How errors show one statement: its text with any key hidden, and whether the quoted parts of
/// their messages are hidden too (SQLite's `near "…"` may quote a key).
///
/// Working this out tokenizes the text when it mentions a key (a column named `key` is enough),
/// so a prepared statement works it out once, at its first error, and keeps it: a write that a
/// cluster refuses again and again with `SQLITE_BUSY` does not tokenize its text each time.
package struct ErrorRedaction: Sendable {
    /// The statement as an error shows it.
    package let shownSQL: String
    /// Whether a message about the statement has every quoted part hidden.
    private let hidesQuotedParts: Bool

    /// The redaction of errors about `sql`: see `SQLError.init(code:message:sql:)`.
    package init(sql: String) {
        if KeyStatements.mentionsKey(sql) {
            shownSQL = KeyStatements.redactedForError(sql)
            hidesQuotedParts = true
        } else if KeyStatements.opensFile(sql) {
            // Its literals may spell a URI with a key in pieces ('file:…?' || 'key=…').
            shownSQL = KeyStatements.withoutLiterals(sql)
            hidesQuotedParts = true
        } else {
            shownSQL = sql
            hidesQuotedParts = false
        }
    }

    /// `message` as an error about the statement shows it.
    package func shown(_ message: String) -> String {
        KeyStatements.withoutURIKeys(hidesQuotedParts ? KeyStatements.redactedMessage(message) : message)
    }
}
