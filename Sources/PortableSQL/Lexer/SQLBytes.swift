/// How SQLite's tokenizer classes the bytes of SQL text (`tokenize.c`'s character classes).
enum SQLBytes {
    /// White space: space, tab, line feed, vertical tab, form feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// `0` to `9`.
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A byte that starts a word: a letter, `_`, or any byte of a non-ASCII character.
    static func startsWord(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// A byte that continues a word (SQLite's `IdChar`): those that start one, digits and `$`.
    static func continuesWord(_ byte: UInt8) -> Bool {
        startsWord(byte) || isDigit(byte) || byte == UInt8(ascii: "$")
    }
}
