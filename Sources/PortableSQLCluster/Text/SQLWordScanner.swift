/// One piece of SQL text that matters to the cluster engine.
enum SQLWord: Equatable {
    /// A keyword or bare identifier, in upper case.
    case word(String)
    /// A quoted identifier or a string literal, without its quotes.
    case quoted(String)
    /// A parameter as written: `?`, `?3`, `:name`, `@name`, `$name`.
    case parameter(String)
    /// Any other character: `(`, `)`, `=`, `;`, ….
    case symbol(UInt8)
}

/// Splits SQL text into words, quoted parts, parameters and symbols, skipping white space and
/// comments, so that the engine can tell what a statement is without a SQLite to parse it. It
/// reads its bytes where they are (an array, or the caller's C string), one piece at a time.
struct SQLWordScanner<Bytes: RandomAccessCollection>: Sequence, IteratorProtocol where Bytes.Element == UInt8, Bytes.Index == Int {
    private let bytes: Bytes
    private var index: Int

    /// Scans `bytes`, whose indices must start at 0.
    init(bytes: Bytes) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    /// The byte offset just past the last piece returned.
    var offset: Int { index }

    mutating func next() -> SQLWord? {
        skipSpaceAndComments()
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
            return .quoted(quoted(until: byte))
        case UInt8(ascii: "["):
            return .quoted(quoted(until: UInt8(ascii: "]")))
        case UInt8(ascii: "?"):
            let start = index
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return .parameter(text(start..<index))
        case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
            let start = index
            index += 1
            while index < bytes.count, continuesWord(bytes[index]) { index += 1 }
            return index - start > 1 ? .parameter(text(start..<index)) : .symbol(byte)
        default:
            guard startsWord(byte) else {
                index += 1
                return .symbol(byte)
            }
            let start = index
            while index < bytes.count, continuesWord(bytes[index]) { index += 1 }
            return .word(text(start..<index).uppercased())
        }
    }

    /// Reads a quoted part whose closing quote is `closing` (doubled, it stands for itself).
    private mutating func quoted(until closing: UInt8) -> String {
        index += 1
        var content: [UInt8] = []
        while index < bytes.count {
            if bytes[index] == closing {
                if closing != UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == closing {
                    content.append(closing)
                    index += 2
                    continue
                }
                index += 1
                break
            }
            content.append(bytes[index])
            index += 1
        }
        return String(decoding: content, as: UTF8.self)
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: " ") || (9...13).contains(bytes[index]) {
                index += 1
            } else if bytes[index] == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = Swift.min(bytes.count, index + 2)
            } else {
                return
            }
        }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func startsWord(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte >= 0x80
    }

    private func continuesWord(_ byte: UInt8) -> Bool {
        startsWord(byte) || isDigit(byte) || byte == UInt8(ascii: "$")
    }
}

extension SQLWordScanner where Bytes == [UInt8] {
    /// Scans the UTF-8 bytes of `text`.
    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }
}
