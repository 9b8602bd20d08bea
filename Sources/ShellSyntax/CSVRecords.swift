import Foundation

/// The records of a CSV file, read as sqlite3's `.import --csv` reads them (SQLite 3.40), so
/// that a file gives the same rows in both shells.
///
/// Fields are apart by `,` and records end at `\n` (an unquoted field drops one `\r` before
/// it). A field that starts with `"` is quoted: it may hold commas and line ends, `""` in it is
/// one `"`, and it ends at a `"` followed by a comma, a line end (`\r\n` too) or the end of
/// the file. A `"` in it followed by anything else is kept as it is, and the field goes on
/// (sqlite3 warns: "unescaped " character"); a quoted field the file never ends runs to the end
/// of the file (sqlite3 warns: "unterminated "-quoted field"). A quote inside an unquoted
/// field is kept as it is. A UTF-8 byte order mark at the start is skipped. A blank line is a
/// record of one empty field. A field that the end of the file cuts before its first byte (the
/// last of `a,` with no line end) is `nil`: sqlite3 imports NULL there. Fields are bytes, as the
/// file has them: text that is not UTF-8 (Latin-1, say) is kept, as sqlite3 keeps it.
package enum CSVRecords {
    /// One record and the line of the file it starts on.
    package struct Record: Equatable, Sendable {
        /// The line the record starts on, from 1.
        package let line: Int
        /// Each field's bytes, without its quotes, a `""` in it made one `"`; `nil` for a field
        /// the end of the file cut before it began.
        package let fields: [Data?]
        /// What sqlite3 warns about while reading the record, in its order.
        package let problems: [Problem]
    }

    /// What sqlite3 warns about while reading a file, with the line it names.
    package enum Problem: Equatable, Sendable {
        /// A `"` in a quoted field followed by neither `"`, a comma nor a line end.
        case unescapedQuote(line: Int)
        /// A quoted field that the file does not end (the line it starts on).
        case unterminatedQuote(line: Int)

        /// sqlite3's words for it, after `FILE:LINE: `.
        package var message: String {
            switch self {
            case .unescapedQuote: return "unescaped \" character"
            case .unterminatedQuote: return "unterminated \"-quoted field"
            }
        }

        /// The line it names.
        package var line: Int {
            switch self {
            case .unescapedQuote(let line), .unterminatedQuote(let line): return line
            }
        }
    }

    /// The records of `data`.
    package static func parse(_ data: Data) -> [Record] {
        var reader = FieldReader(bytes: [UInt8](data))
        var records: [Record] = []
        while true {
            let line = reader.line
            reader.problems = []
            let first = reader.field()
            guard let value = first.value else { break }
            var fields: [Data?] = [Data(value)]
            var end = first.end
            while end == .comma {
                let next = reader.field()
                fields.append(next.value.map { Data($0) })
                end = next.end
            }
            records.append(Record(line: line, fields: fields, problems: reader.problems))
            if end == .endOfFile { break }
        }
        return records
    }
}

/// Reads one field after another from the bytes of a CSV file.
private struct FieldReader {
    /// What ended a field.
    enum End { case comma, lineEnd, endOfFile }

    let bytes: [UInt8]
    var index = 0
    /// The line being read, from 1.
    var line = 1
    /// The problems of the record being read.
    var problems: [CSVRecords.Problem] = []
    /// Whether a field has been read: only the first may start with a byte order mark.
    var pastFirstField = false

    static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// The next byte, or `nil` at the end; a line end counts a line.
    mutating func next() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        if bytes[index] == Self.newline { line += 1 }
        return bytes[index]
    }

    /// What `byte` (`nil`: the end) ends a field as.
    static func end(_ byte: UInt8?) -> End {
        switch byte {
        case nil: return .endOfFile
        case comma?: return .comma
        default: return .lineEnd
        }
    }

    /// The next field and what ended it; `nil` when the file ends before it.
    mutating func field() -> (value: [UInt8]?, end: End) {
        defer { pastFirstField = true }
        guard var byte = next() else { return (nil, .endOfFile) }
        if !pastFirstField, bytes[(index - 1)...].starts(with: [0xEF, 0xBB, 0xBF]) {
            index += 2
            pastFirstField = true
            return field()
        }
        if byte == Self.quote { return quotedField() }
        var value: [UInt8] = []
        while byte != Self.comma, byte != Self.newline {
            value.append(byte)
            guard let following = next() else { return (value, .endOfFile) }
            byte = following
        }
        if byte == Self.newline, value.last == Self.carriageReturn { value.removeLast() }
        return (value, Self.end(byte))
    }

    /// The rest of a quoted field, its opening quote read.
    private mutating func quotedField() -> (value: [UInt8]?, end: End) {
        let startLine = line
        // The field's bytes, its quotes among them until it ends; the two bytes before `byte`.
        var value: [UInt8] = []
        var previous: UInt8?
        var beforePrevious: UInt8?
        while true {
            let byte = next()
            if byte == Self.quote, previous == Self.quote {
                // The second quote of `""`: the first one stands for both.
                previous = nil
                continue
            }
            let afterQuote = previous == Self.quote
            if (afterQuote && (byte == nil || byte == Self.comma || byte == Self.newline))
                || (byte == Self.newline && previous == Self.carriageReturn && beforePrevious == Self.quote) {
                // The closing quote, and the `\r` after it, are not the field's.
                while value.removeLast() != Self.quote {}
                return (value, Self.end(byte))
            }
            if afterQuote, byte != Self.carriageReturn {
                problems.append(.unescapedQuote(line: line))
            }
            guard let byte else {
                problems.append(.unterminatedQuote(line: startLine))
                return (value, .endOfFile)
            }
            value.append(byte)
            beforePrevious = previous
            previous = byte
        }
    }
}
