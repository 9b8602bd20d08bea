/// SQL text read into tokens once, for code that looks at them more than once: the text's
/// UTF-8 bytes and its tokens in order, with what each says.
package struct SQLTokens: RandomAccessCollection {
    /// The text's UTF-8 bytes, which the tokens' ranges index.
    package let bytes: [UInt8]
    private let tokens: [SQLToken]

    /// Reads `text` into tokens.
    package init(_ text: String) {
        let bytes = Array(text.utf8)
        self.bytes = bytes
        tokens = bytes.withUnsafeBytes { Array(SQLLexer($0)) }
    }

    /// The position of the first token.
    package var startIndex: Int { tokens.startIndex }
    /// The position after the last token.
    package var endIndex: Int { tokens.endIndex }
    /// The token at `position`.
    package subscript(position: Int) -> SQLToken { tokens[position] }

    /// The token's text as written.
    package func text(_ token: SQLToken) -> String {
        bytes.withUnsafeBytes { token.text(in: $0) }
    }

    /// The name the token stands for: see `SQLToken.name(in:)`.
    package func name(_ token: SQLToken) -> String {
        bytes.withUnsafeBytes { token.name(in: $0) }
    }

    /// The bytes of a blob literal (`X'…'`) read as UTF-8, as SQLite reads a blob it takes as
    /// a file name; `nil` for another token or a blob with an odd number of hex digits.
    package func blobText(_ token: SQLToken) -> String? {
        guard token.kind == .blob else { return nil }
        guard let decoded = DatabaseURI.bytes(ofHex: Array(text(token).utf8.dropFirst(2).dropLast())) else { return nil }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The values of the string and blob literals (and `"…"` names, which SQLite reads as a
    /// string where no column has that name), in order: what a statement may take as a file name.
    package var literalValues: [String] {
        tokens.compactMap { token in
            switch token.kind {
            case .string, .quotedIdentifier: name(token)
            case .blob: blobText(token)
            default: nil
            }
        }
    }

    /// Whether the token is the word `keyword` (lower-case ASCII), in any case.
    package func isKeyword(_ token: SQLToken, _ keyword: String) -> Bool {
        bytes.withUnsafeBytes { token.isKeyword(keyword, in: $0) }
    }
}
