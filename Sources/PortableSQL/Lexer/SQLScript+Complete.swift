extension SQLScript {
    /// Whether SQLite's tokenizer, which the splitter follows, and `sqlite3_complete` cut `sql`
    /// differently where it can matter, so that `isComplete` and `sqlite3_complete` may rightly
    /// disagree on it. The splitter reads as the tokenizer does, which key redaction needs (`$a('
    /// … KEY '…'` must show the key to it), and which is what SQLite's parser reads:
    /// - a named parameter with Tcl's `(…)`: the tokenizer reads one token up to `)` or white
    ///   space, `;`s included (a bad token, if no `)`, whose statement SQLite refuses);
    ///   `sqlite3_complete` reads the `;`s, quotes, comments and keywords inside;
    /// - `?NNN` glued to a word: the tokenizer reads `?12` and `create`, `sqlite3_complete`
    ///   reads `?` and one word `12create`, which after EXPLAIN decides whether a trigger starts;
    /// - a vertical tab (U+000B): white space to the tokenizer, a word character to
    ///   `sqlite3_complete` (`SELECT 1;` and a vertical tab is complete only to the first).
    ///
    /// The differential test and the fuzz target (`Fuzz/SQLScript`) leave such text out.
    package static func readsDifferentlyFromSQLiteComplete(_ sql: String) -> Bool {
        if sql.utf8.contains(0x0B) { return true }
        let tokens = SQLTokens(sql)
        return tokens.indices.contains { index in
            let token = tokens[index]
            let text = tokens.text(token)
            if let first = text.first, "$:@#".contains(first), let open = text.firstIndex(of: "(") {
                let inside = text[text.index(after: open)...].lowercased()
                return inside.contains { !($0.isLetter || $0.isNumber || "_$)".contains($0)) }
                    || ["create", "temp", "trigger", "end", "explain"].contains { inside.contains($0) }
            }
            guard token.kind == .parameter, text.count > 1, text.hasPrefix("?"), index + 1 < tokens.endIndex else { return false }
            return tokens[index + 1].kind == .word && tokens[index + 1].range.lowerBound == token.range.upperBound
        }
    }
}
