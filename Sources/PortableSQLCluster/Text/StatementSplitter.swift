import CSQLite

/// Finds where the first statement of a SQL text ends, as `sqlite3_prepare`'s tail would: the
/// cluster's nodes prepare one statement and drop the rest, so the client must split.
enum StatementSplitter {
    /// The length in bytes of the first statement of `text` (the whole text when no semicolon
    /// ends a complete statement), judged by the linked SQLite's `sqlite3_complete`, which
    /// knows that the semicolons of a trigger's body do not end it.
    static func firstStatementLength(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        var scanner = SQLWordScanner(text)
        while let word = scanner.next() {
            guard word == .symbol(UInt8(ascii: ";")) else { continue }
            let end = scanner.offset
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            if sqlite3_complete(prefix) == 1 { return end }
        }
        return bytes.count
    }
}
