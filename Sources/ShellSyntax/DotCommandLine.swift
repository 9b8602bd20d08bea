/// A dot-command as typed: its name and its arguments, split as sqlite3 splits them. Arguments
/// are apart by white space. One that starts with a single or double quote runs to the same
/// quote (or the end of the line) and may hold white space (`.import 'my file.csv' t`); a quote
/// further in is kept as it is (`x'00'`). Backslash escapes are read outside single quotes
/// (`\t`, `\n`, `\r`, `\\`, `\"`, `\'`, `\a`, `\b`, `\f`, `\v`, octal `\NNN`); another
/// letter stands for itself (sqlite3 3.40 reads no `\e` or `\xHH` there). An argument ends at a
/// NUL byte that an escape makes, as sqlite3's C strings do. Arguments are Swift strings: a
/// byte an escape makes that is not UTF-8 (`\200`) is U+FFFD in them.
package struct DotCommandLine: Equatable, Sendable {
    /// The name without its dot, such as `tables`.
    package let name: String
    /// The arguments, without their quotes, escapes read.
    package let arguments: [String]

    /// Splits `line` (which starts with `.`, perhaps after white space) into name and arguments.
    package init(_ line: String) {
        var words: [[UInt8]] = []
        var bytes = Array(line.utf8).drop(while: Self.isSpace).dropFirst()[...]
        // The name and at most `maximumArguments` arguments; sqlite3 ignores the rest of the line.
        while words.count <= Self.maximumArguments {
            bytes = bytes.drop(while: Self.isSpace)
            guard let first = bytes.first else { break }
            var word: [UInt8] = []
            if first == 0x27 || first == 0x22 {
                bytes = bytes.dropFirst()
                while let byte = bytes.popFirst(), byte != first {
                    if byte == 0x5C, first == 0x22, !bytes.isEmpty {
                        word += Self.escape(&bytes)
                    } else {
                        word.append(byte)
                    }
                }
            } else {
                // The word runs to white space (a backslash does not hold it); then its escapes are read.
                var raw = bytes.prefix { !Self.isSpace($0) }
                bytes = bytes.dropFirst(raw.count)
                while let byte = raw.popFirst() {
                    word += byte == 0x5C && !raw.isEmpty ? Self.escape(&raw) : [byte]
                }
            }
            words.append(word)
        }
        // sqlite3's arguments are C strings: one ends at a NUL an escape made (`\0`).
        let strings = words.map { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        name = strings.first ?? ""
        arguments = Array(strings.dropFirst())
    }

    /// The most arguments read, as in sqlite3, which ignores the rest of the line.
    package static let maximumArguments = 50

    /// The name of the option `argument` is (`-indent` and `--indent` are `indent`); `nil` for
    /// an argument that does not start with `-`.
    package static func option(_ argument: String) -> String? {
        guard argument.hasPrefix("-") else { return nil }
        return String(argument.dropFirst(argument.hasPrefix("--") ? 2 : 1))
    }

    /// Whether `byte` is white space as C's `isspace` reads it.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The bytes of the escape whose backslash was just read, taken from `bytes`.
    private static func escape(_ bytes: inout ArraySlice<UInt8>) -> [UInt8] {
        guard let letter = bytes.popFirst() else { return [0x5C] }
        switch letter {
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = letter - 0x30
            var digits = 1
            while digits < 3, let next = bytes.first, (0x30...0x37).contains(next) {
                value = value &<< 3 | (next - 0x30)
                bytes = bytes.dropFirst()
                digits += 1
            }
            return [value]
        default: return [letter]
        }
    }
}
