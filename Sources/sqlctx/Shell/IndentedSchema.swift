#if Tool
/// A CREATE statement laid out as sqlite3 3.40's `.schema --indent` lays it out: runs of white
/// space made one (none after `(` or before `(` and `)`), and, when that is still 79 bytes or
/// longer, each part of the outer parentheses on a line of its own, indented two spaces, the
/// closing parenthesis at the start of the last line. Views and triggers are printed as stored.
///
/// The rules are sqlite3's, quirks included: white space is made one inside quotes too, and a
/// quote of another kind inside a quoted name or string is read as opening one.
enum IndentedSchema {
    /// The lines that print `sql`, the last one ended by `;` and a newline.
    static func text(_ sql: String) -> String {
        let lowered = sql.lowercased()
        if lowered.hasPrefix("create view") || lowered.hasPrefix("create trig") { return sql + ";\n" }
        let z = collapsed(Array(sql.utf8))
        guard z.count >= 79 else { return SchemaText.line(String(decoding: z, as: UTF8.self)) }
        var text = ""
        var piece: [UInt8] = []
        var quoteEnd: UInt8?
        var depth = 0
        var lines = 0
        var index = 0
        while index < z.count {
            let byte = z[index]
            let next = index + 1 < z.count ? z[index + 1] : 0
            if byte == quoteEnd {
                quoteEnd = nil
            } else if byte == 0x22 || byte == 0x27 || byte == 0x60 {
                quoteEnd = byte
            } else if byte == 0x5B {
                quoteEnd = 0x5D
            } else if byte == 0x2D, next == 0x2D {
                quoteEnd = 0x0A
            } else if byte == 0x28 {
                depth += 1
            } else if byte == 0x29 {
                depth -= 1
                if lines > 0, depth == 0, !piece.isEmpty {
                    text += SchemaText.line(String(decoding: piece, as: UTF8.self), ending: "\n")
                    piece.removeAll()
                }
            }
            piece.append(byte)
            if depth == 1, quoteEnd == nil, byte == 0x28 || byte == 0x0A || (byte == 0x2C && !blankToLineEnd(z[(index + 1)...])) {
                if byte == 0x0A { piece.removeLast() }
                text += SchemaText.line(String(decoding: piece, as: UTF8.self), ending: "\n  ")
                piece.removeAll()
                lines += 1
                while index + 1 < z.count, isSpace(z[index + 1]) { index += 1 }
            }
            index += 1
        }
        return text + SchemaText.line(String(decoding: piece, as: UTF8.self))
    }

    /// `bytes` without leading and trailing white space, each run of white space made its first
    /// character (a `\r` before it made `\n`), none kept after `(` or before `(` and `)`.
    private static func collapsed(_ bytes: [UInt8]) -> [UInt8] {
        var z: [UInt8] = []
        for byte in bytes.drop(while: isSpace) {
            if isSpace(byte) {
                if z.last == 0x0D { z[z.count - 1] = 0x0A }
                if let last = z.last, isSpace(last) || last == 0x28 { continue }
            } else if byte == 0x28 || byte == 0x29, let last = z.last, isSpace(last) {
                z.removeLast()
            }
            z.append(byte)
        }
        while let last = z.last, isSpace(last) { z.removeLast() }
        return z
    }

    /// Whether only white space comes before the next newline (or the end), or a `--` comment.
    private static func blankToLineEnd(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while let byte = rest.popFirst() {
            if byte == 0x0A { return true }
            if isSpace(byte) { continue }
            return byte == 0x2D && rest.first == 0x2D
        }
        return true
    }

    /// Whether `byte` is white space as C's `isspace` reads it.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
#endif
