/// Reads SQL text complete statement by complete statement, where `sqlite3_complete` would
/// say one ends: at a `;` outside quotes and comments, and after a trigger's `END ;`. It reads
/// each token once, so splitting a whole text, trigger bodies included, takes time in its
/// length; it reads no further than the statement it returns.
package struct SQLStatementSplitter: Sequence, IteratorProtocol {
    private var lexer: SQLLexer
    private var state = SQLStatementEnd.between
    /// Where the statement being read starts: the end of the one before.
    private var start = 0
    /// Where the first token of the statement being read starts, once there is one.
    private var firstToken: Int?
    /// How many tokens the splitter has read: a count of its steps.
    package private(set) var tokensRead = 0

    /// A splitter at the start of `bytes`, UTF-8 SQL text that must outlive it.
    package init(_ bytes: UnsafeRawBufferPointer) {
        lexer = SQLLexer(bytes)
    }

    /// The next complete statement, or `nil` when the rest of the text holds none.
    package mutating func next() -> SQLStatementRange? {
        while let token = lexer.next() {
            tokensRead += 1
            let first = firstToken ?? token.range.lowerBound
            firstToken = first
            state = state.reading(SQLStatementEnd.token(token, in: lexer.bytes))
            guard state == .between else { continue }
            let statement = SQLStatementRange(range: start..<token.range.upperBound, tokens: first..<token.range.upperBound)
            start = token.range.upperBound
            firstToken = nil
            return statement
        }
        return nil
    }

    /// Where the rest of the text starts: the end of the last statement returned.
    package var restStart: Int { start }

    /// Whether the rest of the text, once `next()` has returned `nil`, is only white space and
    /// comments, none of them unterminated (a final `--` comment needs no line end).
    package var restIsBlank: Bool { firstToken == nil && !lexer.endsOpen }

    /// The length of the first complete statement of `bytes` with what comes before it, or of
    /// the whole text when none is complete: the tail `sqlite3_prepare` would leave.
    package static func firstStatementLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        var splitter = SQLStatementSplitter(bytes)
        return splitter.next()?.range.upperBound ?? bytes.count
    }
}
