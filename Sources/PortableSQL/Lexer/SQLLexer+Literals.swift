/// How the lexer moves past the tokens longer than their first byte.
extension SQLLexer {
    /// Moves past `'…'`, `"…"` or `` `…` `` at `position`, where a doubled `closing` stands for one.
    mutating func readQuoted(closing: UInt8) {
        position += 1
        while position < bytes.count {
            if bytes[position] == closing {
                guard byte(1) == closing else {
                    position += 1
                    return
                }
                position += 1
            }
            position += 1
        }
        endsOpen = true
    }

    /// Moves past `[…]` at `position`, which ends at the first `]`.
    mutating func readBracketed() {
        readUntil(UInt8(ascii: "]"))
    }

    /// Moves past the `'…'` of a blob literal at `position`, which ends at the next `'` (hex
    /// digits have no doubled quote).
    mutating func readBlob() {
        readUntil(UInt8(ascii: "'"))
    }

    /// Moves past the byte at `position` and up to the first `closing` after it, inclusive.
    private mutating func readUntil(_ closing: UInt8) {
        position += 1
        while position < bytes.count, bytes[position] != closing { position += 1 }
        guard position < bytes.count else {
            endsOpen = true
            return
        }
        position += 1
    }

    /// Moves past a number at `position` (a digit, or `.` and a digit): digits, a fraction, an
    /// exponent with its sign, and then, as SQLite does, any word bytes glued to it (`0x1F`,
    /// `12abc`, which SQLite refuses, are one token).
    mutating func readNumber() {
        while SQLBytes.isDigit(byte()) { position += 1 }
        if byte() == UInt8(ascii: ".") {
            position += 1
            while SQLBytes.isDigit(byte()) { position += 1 }
        }
        if byte() | 0x20 == UInt8(ascii: "e") {
            let sign = byte(1) == UInt8(ascii: "+") || byte(1) == UInt8(ascii: "-") ? 1 : 0
            if SQLBytes.isDigit(byte(1 + sign)) { position += 1 + sign }
        }
        while SQLBytes.continuesWord(byte()) { position += 1 }
    }

    /// Moves past `:name`, `@name`, `$name` or `#name` at `position`, as SQLite reads one: word
    /// bytes and `::`, and after a name a `(` that runs to a `)` before white space (`$a(x)`).
    /// A prefix without a name, or a `(` without its `)`, is no parameter.
    mutating func readNamedParameter() -> SQLToken.Kind {
        position += 1
        var nameLength = 0
        while position < bytes.count {
            let next = bytes[position]
            if SQLBytes.continuesWord(next) {
                nameLength += 1
                position += 1
            } else if next == UInt8(ascii: "("), nameLength > 0 {
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: ")"), !SQLBytes.isSpace(bytes[position]) { position += 1 }
                guard byte() == UInt8(ascii: ")") else { return .symbol }
                position += 1
                return .parameter
            } else if next == UInt8(ascii: ":"), byte(1) == UInt8(ascii: ":") {
                position += 2
            } else {
                break
            }
        }
        return nameLength > 0 ? .parameter : .symbol
    }

    /// Moves past an operator at `position`: `||`, `->`, `->>`, `<=`, `<>`, `<<`, `>=`, `>>`,
    /// `==`, `!=`, or any one byte.
    mutating func readOperator() {
        let first = bytes[position]
        position += 1
        switch (first, byte()) {
        case (UInt8(ascii: "|"), UInt8(ascii: "|")), (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: ">")),
             (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: "=")), (UInt8(ascii: ">"), UInt8(ascii: ">")),
             (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "!"), UInt8(ascii: "=")):
            position += 1
        case (UInt8(ascii: "-"), UInt8(ascii: ">")):
            position += byte(1) == UInt8(ascii: ">") ? 2 : 1
        default:
            break
        }
    }
}
