/// Reads SQL text token by token as SQLite's tokenizer (`tokenize.c`) does: white space and
/// `--` / `/* */` comments between tokens are skipped; a quote, bracket, blob or comment that
/// the text does not close runs to its end. It reads the bytes where they are, allocates
/// nothing, and only moves forward (looking at most two bytes ahead), so reading a text takes
/// time in its length.
package struct SQLLexer: Sequence, IteratorProtocol {
    /// The UTF-8 text being read; the caller keeps it alive while the lexer reads.
    let bytes: UnsafeRawBufferPointer
    /// Where the next token, white space or comment starts.
    var position = 0
    /// Whether the text ends inside a quote, bracket, blob or `/* */` comment: set when the
    /// lexer reaches the end of one.
    package internal(set) var endsOpen = false

    /// A lexer at the start of `bytes`, UTF-8 SQL text that must outlive it.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Calls `body` with the UTF-8 bytes of `text`, read in place where the string allows.
    package static func reading<Result>(_ text: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        text.utf8.withContiguousStorageIfAvailable { body(UnsafeRawBufferPointer($0)) } ?? Array(text.utf8).withUnsafeBytes(body)
    }

    /// The next token, or `nil` at the end of the text.
    package mutating func next() -> SQLToken? {
        skipSpaceAndComments()
        guard position < bytes.count else { return nil }
        let start = position
        let kind = readToken()
        return SQLToken(kind: kind, range: start..<position)
    }

    /// The byte `offset` bytes after `position`, or 0 past the end (SQLite reads a C string).
    func byte(_ offset: Int = 0) -> UInt8 {
        position + offset < bytes.count ? bytes[position + offset] : 0
    }

    /// Moves past the token at `position` and says what it is.
    private mutating func readToken() -> SQLToken.Kind {
        let first = bytes[position]
        switch first {
        case UInt8(ascii: ";"): return single(.semicolon)
        case UInt8(ascii: "("): return single(.openParenthesis)
        case UInt8(ascii: ")"): return single(.closeParenthesis)
        case UInt8(ascii: "'"):
            readQuoted(closing: first)
            return .string
        case UInt8(ascii: "\""), UInt8(ascii: "`"):
            readQuoted(closing: first)
            return .quotedIdentifier
        case UInt8(ascii: "["):
            readBracketed()
            return .quotedIdentifier
        case UInt8(ascii: "?"):
            position += 1
            while SQLBytes.isDigit(byte()) { position += 1 }
            return .parameter
        case UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "#"):
            return readNamedParameter()
        case UInt8(ascii: "."):
            guard SQLBytes.isDigit(byte(1)) else { return single(.dot) }
            readNumber()
            return .number
        case _ where SQLBytes.isDigit(first):
            readNumber()
            return .number
        case _ where first | 0x20 == UInt8(ascii: "x") && byte(1) == UInt8(ascii: "'"):
            position += 1
            readBlob()
            return .blob
        case _ where SQLBytes.startsWord(first):
            while SQLBytes.continuesWord(byte()) { position += 1 }
            return .word
        default:
            readOperator()
            return .symbol
        }
    }

    /// Moves past a one-byte token of kind `kind`.
    private mutating func single(_ kind: SQLToken.Kind) -> SQLToken.Kind {
        position += 1
        return kind
    }

    /// Moves past white space and comments; an unterminated `/* */` comment ends the text open.
    private mutating func skipSpaceAndComments() {
        while position < bytes.count {
            let first = bytes[position]
            if SQLBytes.isSpace(first) {
                position += 1
            } else if first == UInt8(ascii: "-"), byte(1) == UInt8(ascii: "-") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if first == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                position += 2
                while position < bytes.count, !(bytes[position] == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/")) { position += 1 }
                guard position < bytes.count else {
                    endsOpen = true
                    return
                }
                position += 2
            } else {
                return
            }
        }
    }
}
