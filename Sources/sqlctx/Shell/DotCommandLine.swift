#if Tool
/// A dot-command as typed: its name and its arguments, split as sqlite3 splits them. Arguments
/// are apart by white space; one in single or double quotes may hold white space
/// (`.import 'my file.csv' t`); outside single quotes, backslash escapes are read (`\t`,
/// `\n`, `\r`, `\\`, `\"`, `\'`, `\a`, `\b`, `\e`, `\f`, `\v`, octal `\NNN`, hex `\xHH`).
struct DotCommandLine: Equatable {
    /// The name without its dot, such as `tables`.
    let name: String
    /// The arguments, without their quotes, escapes read.
    let arguments: [String]

    /// Splits `line` (which starts with `.`, perhaps after white space) into name and arguments.
    ///
    /// - Throws: `CommandFailure` for a quote that the line does not close.
    init(_ line: String) throws {
        var words: [[UInt8]] = []
        var word: [UInt8]?
        var quote: UInt8?
        var bytes = Array(line.utf8).drop { $0 == 0x20 || $0 == 0x09 }.dropFirst()[...]
        while let byte = bytes.popFirst() {
            if byte == 0x5C, quote != 0x27, !bytes.isEmpty {
                word = (word ?? []) + Self.escape(&bytes)
            } else if let open = quote {
                if byte == open { quote = nil } else { word?.append(byte) }
            } else if byte == 0x27 || byte == 0x22 {
                quote = byte
                word = word ?? []
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? []) + [byte]
            }
        }
        guard quote == nil else { throw CommandFailure("the quote in this dot-command is not closed") }
        if let word { words.append(word) }
        let strings = words.map { String(decoding: $0, as: UTF8.self) }
        name = strings.first ?? ""
        arguments = Array(strings.dropFirst())
    }

    /// The bytes of the escape whose backslash was just read, taken from `bytes`.
    private static func escape(_ bytes: inout ArraySlice<UInt8>) -> [UInt8] {
        guard let letter = bytes.popFirst() else { return [0x5C] }
        switch letter {
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "e"): return [0x1B]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "x"):
            var value: UInt8 = 0
            var digits = 0
            while digits < 2, let next = bytes.first, let digit = DotCommandLine.hexDigit(next) {
                value = value << 4 | digit
                bytes = bytes.dropFirst()
                digits += 1
            }
            return digits == 0 ? [letter] : [value]
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

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x37
        case 0x61...0x66: byte - 0x57
        default: nil
        }
    }

    /// What `.help` prints: each dot-command with what it does.
    static let help = """
        .bail on|off              stop at the first error (off at first; -bail)
        .dump [TABLE]             SQL text that rebuilds the database (or the tables named like TABLE)
        .echo on|off              print each statement and dot-command before it runs
        .exit, .quit              leave the shell
        .headers on|off           column names above the rows (off at first; box, table and markdown show them always)
        .help                     this list
        .import [--skip N] FILE TABLE
                                  add the rows of a CSV file to TABLE, created from the header row when missing
                                  (into an existing table every row is data; --skip 1 skips a header)
        .indexes [TABLE]          the indexes (of the tables named like TABLE)
        .mode [MODE] [TABLE] [--wrap N] [--wordwrap on|off] [--quote|--noquote]
                                  how rows are printed, as in sqlite3: list (at first), column, table, box,
                                  markdown, csv, json, line, html, insert (INSERTs into TABLE), quote, tabs,
                                  ascii, tcl, qbox; the options for the columnar ones; alone, the current mode
        .nullvalue TEXT           what NULL prints as (nothing at first)
        .output [FILE]            write results to FILE from now on; alone, back to standard output
        .print TEXT...            print the words given
        .read FILE                run the statements and dot-commands of FILE
        .schema [TABLE]           the CREATE statements (of the tables named like TABLE, with their indexes and triggers)
        .separator COL [ROW]      what separates values, and rows, in list, csv and similar modes
        .show                     the current settings
        .tables [PATTERN]         the tables and views (named like PATTERN)
        .width N...               the width of each column in columnar modes (0: as wide as its values;
                                  negative: aligned right)
        PATTERN and TABLE are LIKE patterns: % matches any text, _ one character; case is ignored.
        Arguments may be in quotes; outside single quotes, backslash escapes (\\t, \\n, …) are read.

        """
}
#endif
