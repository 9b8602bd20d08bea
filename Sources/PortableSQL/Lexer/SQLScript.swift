/// SQL text cut into its complete statements and the rest, as `sqlite3_complete` reads it.
package struct SQLScript: Sendable {
    /// The complete statements, in order, empty ones (a lone `;`) included.
    package let statements: [SQLStatementRange]
    /// What follows the last complete statement.
    package let rest: Range<Int>
    /// Whether the rest is only white space and comments, none of them unterminated.
    package let restIsBlank: Bool
    /// How many tokens splitting the text read.
    package let tokensRead: Int

    /// Whether `sqlite3_complete` would take the text as complete: at least one statement, and
    /// nothing but white space and comments after the last.
    package var isComplete: Bool { !statements.isEmpty && restIsBlank }

    /// Splits `bytes`, UTF-8 SQL text.
    package init(_ bytes: UnsafeRawBufferPointer) {
        var splitter = SQLStatementSplitter(bytes)
        var statements: [SQLStatementRange] = []
        while let statement = splitter.next() { statements.append(statement) }
        self.statements = statements
        rest = splitter.restStart..<bytes.count
        restIsBlank = splitter.restIsBlank
        tokensRead = splitter.tokensRead
    }

    /// Splits `text`.
    package init(_ text: String) {
        self = SQLLexer.reading(text) { SQLScript($0) }
    }
}
