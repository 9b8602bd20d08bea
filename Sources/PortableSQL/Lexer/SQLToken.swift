/// One token of SQL text as SQLite's tokenizer cuts it: what kind it is and where it is.
package struct SQLToken: Equatable, Sendable {
    /// What a token is. White space and comments are no tokens.
    package enum Kind: Equatable, Sendable {
        /// A keyword or a bare identifier: a letter, `_` or non-ASCII byte, then those, digits and `$`.
        case word
        /// An identifier quoted with `"…"`, `` `…` `` or `[…]`.
        case quotedIdentifier
        /// A string literal `'…'` (SQLite also takes one where a name is expected).
        case string
        /// A blob literal `X'…'`.
        case blob
        /// A numeric literal: `12`, `1.5e-3`, `.5`, `0x1F`.
        case number
        /// A parameter: `?`, `?NNN`, `:name`, `@name`, `$name`, `#name`, Tcl's `$a::b(c)` too.
        case parameter
        /// `;`, the end of a statement.
        case semicolon
        /// `.`, between a schema name and a name.
        case dot
        /// `(`.
        case openParenthesis
        /// `)`.
        case closeParenthesis
        /// An operator (`=`, `||`, `->>`, `,`, …), or bytes SQLite does not read as a token.
        case symbol
    }

    /// What the token is.
    package let kind: Kind
    /// Where the token is in the text, in bytes.
    package let range: Range<Int>

    /// Whether SQLite takes the token as a name (`nm` in its grammar): a word, a quoted identifier or a string.
    package var isName: Bool { kind == .word || kind == .quotedIdentifier || kind == .string }

    /// The token's bytes in `bytes` (the text it was read from), as text.
    package func text(in bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether the token is the word `keyword`, in any case; `keyword` is lower-case ASCII.
    package func isKeyword(_ keyword: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard kind == .word, range.count == keyword.utf8.count else { return false }
        // A lower-case letter with 0x20 cleared is its upper case: `|` folds both onto it.
        return zip(bytes[range], keyword.utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The name the token stands for: a quoted one without its quotes, a doubled quote inside
    /// made single (an unterminated one runs to the end); any other token as written.
    package func name(in bytes: UnsafeRawBufferPointer) -> String {
        guard kind == .quotedIdentifier || kind == .string, range.count >= 2 else { return text(in: bytes) }
        let open = bytes[range.lowerBound]
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open
        let end = bytes[range.upperBound - 1] == close ? range.upperBound - 1 : range.upperBound
        var name: [UInt8] = []
        var index = range.lowerBound + 1
        while index < end {
            name.append(bytes[index])
            // Inside quotes (not brackets) a doubled closing quote stands for one.
            index += bytes[index] == close && close != UInt8(ascii: "]") && index + 1 < end ? 2 : 1
        }
        return String(decoding: name, as: UTF8.self)
    }
}
