import CSQLite

/// Finds where the first statement of a SQL text ends, as `sqlite3_prepare`'s tail would: the
/// cluster's nodes prepare one statement and drop the rest, so the client must split.
enum StatementSplitter {
    /// The length in bytes of the first statement of `bytes` (the whole text when no semicolon
    /// ends a complete statement), judged by the linked SQLite's `sqlite3_complete`, which
    /// knows that the semicolons of a trigger's body do not end it. It reads no further than
    /// that statement's end, so that splitting a long script statement by statement takes
    /// time in proportion to its length.
    static func firstStatementLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        var scanner = SQLWordScanner(bytes: bytes)
        while let word = scanner.next() {
            guard word == .symbol(UInt8(ascii: ";")) else { continue }
            let end = scanner.offset
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            if sqlite3_complete(prefix) == 1 { return end }
        }
        return bytes.count
    }

    /// The length in bytes of the first statement of `text`.
    static func firstStatementLength(_ text: String) -> Int {
        Array(text.utf8).withUnsafeBytes { firstStatementLength($0) }
    }
}
