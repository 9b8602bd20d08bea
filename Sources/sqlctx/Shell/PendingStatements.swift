#if Tool
import PortableSQL

/// What the shell's pending input holds, as the core's `SQLScript` splits it (by the rules of
/// `sqlite3_complete`): the shell reads lines until its input is complete, then runs each
/// statement in it.
enum PendingStatements: Equatable {
    /// Only white space, comments and `;`s (or nothing): there is no statement to run.
    case blank
    /// A statement that is not finished: an open quote or comment, or no closing `;` yet.
    case incomplete
    /// Every statement is finished; here they are, in order (empty ones like `;;` left out).
    case complete([Statement])

    /// One statement of the input.
    struct Statement: Equatable {
        /// The statement's text, from its first token to its `;`.
        let sql: String
        /// How many lines of the input come before the statement's first token.
        let linesBefore: Int
    }

    /// Reads the pending input `text`.
    init(_ text: String) {
        let bytes = Array(text.utf8)
        let script = bytes.withUnsafeBytes { SQLScript($0) }
        guard script.restIsBlank else {
            self = .incomplete
            return
        }
        var statements: [Statement] = []
        var lines = 0
        var counted = 0
        for statement in script.statements where !statement.isEmpty {
            lines += bytes[counted..<statement.tokens.lowerBound].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            counted = statement.tokens.lowerBound
            statements.append(Statement(sql: String(decoding: bytes[statement.tokens], as: UTF8.self), linesBefore: lines))
        }
        self = statements.isEmpty ? .blank : .complete(statements)
    }
}
#endif
