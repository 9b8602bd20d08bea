/// Finds the statements of a SQL text that carry an encryption key (SQLCipher's `PRAGMA key`,
/// `rekey`, `hexkey`, `hexrekey`, `textkey`, `textrekey` and `ATTACH … KEY …`), reading the text
/// with SQLite's own tokenizing rules rather than a pattern: white space and both kinds of
/// comment between tokens, identifiers quoted with `"…"`, `[…]`, `` `…` `` or `'…'`, a schema
/// prefix (`main.key`), `EXPLAIN` and `EXPLAIN QUERY PLAN` before a statement, and `;` between
/// statements. Every trace, error and refusal that must not show or accept a key asks here.
package enum KeyStatements {
    /// What stands in for a key in redacted text.
    package static let placeholder = "'<redacted>'"

    /// The pragmas that set or change a key.
    private static let keyPragmas: Set<String> = ["key", "rekey", "hexkey", "hexrekey", "textkey", "textrekey"]

    /// Whether any statement of `sql` carries a key.
    package static func containsKey(_ sql: String) -> Bool {
        !keyRanges(in: Array(sql.utf8)).isEmpty
    }

    /// `sql` with everything after the pragma name (or the `KEY` keyword) of each statement
    /// that carries a key replaced by a placeholder; `sql` itself when none does.
    package static func redacted(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        let ranges = keyRanges(in: bytes)
        guard !ranges.isEmpty else { return sql }
        var result: [UInt8] = []
        var position = 0
        for (range, isPragma) in ranges {
            result += bytes[position..<range.lowerBound]
            result += Array((isPragma ? " = " : " ").utf8) + Array(placeholder.utf8)
            position = range.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// `message` with each part in double quotes replaced by a placeholder: SQLite's messages
    /// quote the text they stop at (`near "…": syntax error`), which may be the key.
    package static func redactedMessage(_ message: String) -> String {
        var result = ""
        var inQuotes = false
        for character in message {
            if character == "\"" {
                result += inQuotes ? "<redacted>\"" : "\""
                inQuotes.toggle()
            } else if !inQuotes {
                result.append(character)
            }
        }
        return inQuotes ? result + "<redacted>" : result
    }

    /// For each statement that carries a key: the bytes from the end of its key pragma's name
    /// (or of its `KEY` keyword) to the end of the statement, where the key is.
    private static func keyRanges(in bytes: [UInt8]) -> [(range: Range<Int>, isPragma: Bool)] {
        var tokenizer = SQLTokenizer(bytes: bytes)
        var ranges: [(range: Range<Int>, isPragma: Bool)] = []
        var statement: [SQLToken] = []
        while true {
            let token = tokenizer.next()
            if token == nil || token?.kind == .semicolon {
                if let (start, isPragma) = secretStart(of: statement, bytes) {
                    ranges.append((start..<(token?.range.lowerBound ?? bytes.count), isPragma))
                }
                statement.removeAll(keepingCapacity: true)
                if token == nil { return ranges }
            } else if let token {
                statement.append(token)
            }
        }
    }

    /// Where the key of `statement` starts (the end of the token before it) and whether the
    /// statement is a pragma, or `nil` when the statement carries no key.
    private static func secretStart(of statement: [SQLToken], _ bytes: [UInt8]) -> (Int, isPragma: Bool)? {
        var tokens = statement[...]
        func keyword(_ word: String) -> Bool {
            guard let first = tokens.first, first.kind == .word, first.text(bytes).lowercased() == word else { return false }
            tokens = tokens.dropFirst()
            return true
        }
        if keyword("explain"), keyword("query") { _ = keyword("plan") }
        if keyword("pragma") {
            guard var name = tokens.first, name.isName else { return nil }
            tokens = tokens.dropFirst()
            if tokens.first?.kind == .dot, let qualified = tokens.dropFirst().first, qualified.isName {
                name = qualified
            }
            return keyPragmas.contains(name.dequoted(bytes).lowercased()) ? (name.range.upperBound, true) : nil
        }
        if keyword("attach") {
            let key = tokens.first { $0.kind == .word && $0.text(bytes).lowercased() == "key" }
            return key.map { ($0.range.upperBound, false) }
        }
        return nil
    }
}
