/// One token of SQL text, as SQLite's tokenizer splits it.
struct SQLToken {
    /// The kinds of token that tell statements apart; everything else is `.other`.
    enum Kind {
        /// A keyword or a bare identifier.
        case word
        /// An identifier quoted with `"…"`, `[…]` or `` `…` ``.
        case quotedIdentifier
        /// A string literal `'…'` (SQLite also takes one where a name is expected).
        case string
        /// `;`, the end of a statement.
        case semicolon
        /// `.`, between a schema name and a name.
        case dot
        /// Numbers, operators, parameters, blob literals.
        case other
    }

    let kind: Kind
    /// Where the token is in the text, in bytes.
    let range: Range<Int>

    /// Whether SQLite takes the token as a name (`nm` in its grammar).
    var isName: Bool { kind == .word || kind == .quotedIdentifier || kind == .string }

    /// The token's bytes as text.
    func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The name the token stands for: without its quotes, doubled quotes made single.
    func dequoted(_ bytes: [UInt8]) -> String {
        guard kind == .quotedIdentifier || kind == .string, range.count >= 2 else { return text(bytes) }
        let open = bytes[range.lowerBound]
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open
        var name: [UInt8] = []
        var index = range.lowerBound + 1
        let end = bytes[range.upperBound - 1] == close ? range.upperBound - 1 : range.upperBound
        while index < end {
            name.append(bytes[index])
            // A doubled quote inside stands for one.
            index += bytes[index] == close && close != UInt8(ascii: "]") && index + 1 < end ? 2 : 1
        }
        return String(decoding: name, as: UTF8.self)
    }
}

/// Splits SQL text into tokens by SQLite's rules (`tokenize.c`): white space and `--` / `/* */`
/// comments are skipped; quoted identifiers and strings end at their closing quote, with a
/// doubled quote inside; an unterminated one runs to the end of the text.
struct SQLTokenizer {
    private let bytes: [UInt8]
    private var position = 0

    /// A tokenizer at the start of `bytes` (UTF-8 SQL text).
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next token, or `nil` at the end of the text.
    mutating func next() -> SQLToken? {
        skipSpaceAndComments()
        guard position < bytes.count else { return nil }
        let start = position
        let byte = bytes[position]
        let kind: SQLToken.Kind
        switch byte {
        case UInt8(ascii: ";"):
            position += 1
            kind = .semicolon
        case UInt8(ascii: "."):
            position += 1
            kind = .dot
        case UInt8(ascii: "'"):
            skipQuoted(closing: byte)
            kind = .string
        case UInt8(ascii: "\""), UInt8(ascii: "`"):
            skipQuoted(closing: byte)
            kind = .quotedIdentifier
        case UInt8(ascii: "["):
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "]") { position += 1 }
            position = min(position + 1, bytes.count)
            kind = .quotedIdentifier
        case _ where byte | 0x20 == UInt8(ascii: "x") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "'"):
            position += 1
            skipQuoted(closing: UInt8(ascii: "'"))
            kind = .other
        case _ where Self.startsIdentifier(byte):
            while position < bytes.count, Self.continuesIdentifier(bytes[position]) { position += 1 }
            kind = .word
        case UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "#"):
            skipNamedParameter()
            kind = .other
        default:
            position += 1
            // Numbers and `?NNN` run on; operators are one byte.
            if Self.continuesIdentifier(byte) || byte == UInt8(ascii: "?") {
                while position < bytes.count, Self.continuesIdentifier(bytes[position]) { position += 1 }
            }
            kind = .other
        }
        return SQLToken(kind: kind, range: start..<position)
    }

    /// Moves past a named parameter (`:name`, `@name`, `$name`, `#name`) that starts at
    /// `position`, as SQLite reads one: name characters and `::`, and after a name, a `(` that
    /// runs to the next `)` or white space (`$a(x)` is one parameter).
    private mutating func skipNamedParameter() {
        position += 1
        var nameLength = 0
        while position < bytes.count {
            let byte = bytes[position]
            if Self.continuesIdentifier(byte) {
                nameLength += 1
                position += 1
            } else if byte == UInt8(ascii: "("), nameLength > 0 {
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: ")"), !Self.isSpace(bytes[position]) { position += 1 }
                if position < bytes.count, bytes[position] == UInt8(ascii: ")") { position += 1 }
                return
            } else if byte == UInt8(ascii: ":"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ":") {
                position += 2
            } else {
                return
            }
        }
    }

    /// Moves past a quoted token that starts at `position`.
    private mutating func skipQuoted(closing: UInt8) {
        position += 1
        while position < bytes.count {
            if bytes[position] == closing {
                if position + 1 < bytes.count, bytes[position + 1] == closing {
                    position += 2
                    continue
                }
                position += 1
                return
            }
            position += 1
        }
    }

    private mutating func skipSpaceAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            let next = position + 1 < bytes.count ? bytes[position + 1] : 0
            if Self.isSpace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "-"), next == UInt8(ascii: "-") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                position += 2
                while position < bytes.count, !(bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                position = min(position + 2, bytes.count)
            } else {
                return
            }
        }
    }

    /// SQLite's white space: space, tab, line feed, vertical tab, form feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "$")
    }
}
