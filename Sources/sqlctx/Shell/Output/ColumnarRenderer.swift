#if Tool
/// Prints a result in the modes that align columns (column, table, box, markdown), as sqlite3
/// prints it: each column as wide as its widest line (or as `.width` says), lines wrapped at
/// the width or `--wrap`, widths counted in characters; tabs expanded to stops of 8, other
/// control characters left out, a value with line breaks on several lines (and then rows
/// apart by a rule, or a blank line in column mode). A result without rows prints nothing.
struct ColumnarRenderer {
    let settings: ShellSettings

    /// The frame characters of a mode: the rule's line, its left, middle and right joints at
    /// the top, between rows and at the bottom, and the vertical line.
    private struct Frame {
        let line: String
        let top: (String, String, String)
        let middle: (String, String, String)
        let bottom: (String, String, String)?
        let vertical: String
    }

    /// The bytes that print `result`.
    func render(_ result: ShellResult) -> [UInt8] {
        guard !result.rows.isEmpty else { return [] }
        let count = result.columns.count
        let chosen = (0..<count).map { settings.widths.indices.contains($0) ? settings.widths[$0] : 0 }
        let limits = chosen.map { $0 != 0 ? abs($0) : settings.wrap }
        let names = result.columns.indices.map { lines(of: Array(result.columns[$0].utf8), wrappedAt: limits[$0]) }
        let rows = result.rows.map { row in
            row.indices.map { lines(of: text(of: row[$0]), wrappedAt: limits[$0]) }
        }
        let widths = (0..<count).map { column in
            chosen[column] != 0 ? abs(chosen[column]) : ([names[column]] + rows.map { $0[column] }).flatMap { $0 }.map(\.width).max() ?? 0
        }
        let multiLine = rows.contains { $0.contains { $0.count > 1 } }
        var out: [[UInt8]] = []
        /// The lines of one row, each cell padded to its column's width (or centred).
        func rowLines(_ cells: [[Line]], centred: Bool, apart: String, ends: (String, String)) -> [[UInt8]] {
            let height = cells.map(\.count).max() ?? 1
            return (0..<max(height, 1)).map { index in
                let fields = (0..<count).map { column -> [UInt8] in
                    let line = index < cells[column].count ? cells[column][index] : Line()
                    return line.padded(to: widths[column], centred: centred, right: chosen[column] < 0)
                }
                return Array(ends.0.utf8) + Array(fields.joined(separator: Array(apart.utf8))) + Array(ends.1.utf8)
            }
        }
        switch settings.mode {
        case .column:
            if settings.headers {
                out += rowLines(names, centred: false, apart: "  ", ends: ("", ""))
                out.append(Array(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ").utf8))
            }
            for (index, row) in rows.enumerated() {
                if multiLine, index > 0 { out.append([]) }
                out += rowLines(row, centred: false, apart: "  ", ends: ("", ""))
            }
        case .table, .box, .markdown:
            let frame = Self.frame(of: settings.mode)
            func rule(_ joints: (String, String, String)) -> [UInt8] {
                Array((joints.0 + widths.map { String(repeating: frame.line, count: $0 + 2) }.joined(separator: joints.1) + joints.2).utf8)
            }
            let ends = (frame.vertical + " ", " " + frame.vertical)
            let apart = " " + frame.vertical + " "
            if settings.mode != .markdown { out.append(rule(frame.top)) }
            out += rowLines(names, centred: true, apart: apart, ends: ends)
            out.append(rule(frame.middle))
            for (index, row) in rows.enumerated() {
                if multiLine, index > 0, settings.mode != .markdown { out.append(rule(frame.middle)) }
                out += rowLines(row, centred: false, apart: apart, ends: ends)
            }
            if let bottom = frame.bottom { out.append(rule(bottom)) }
        default:
            break
        }
        return Array(out.map { $0 + [0x0A] }.joined())
    }

    private static func frame(of mode: ShellMode) -> Frame {
        switch mode {
        case .box: Frame(line: "─", top: ("┌", "┬", "┐"), middle: ("├", "┼", "┤"), bottom: ("└", "┴", "┘"), vertical: "│")
        case .markdown: Frame(line: "-", top: ("|", "|", "|"), middle: ("|", "|", "|"), bottom: nil, vertical: "|")
        default: Frame(line: "-", top: ("+", "+", "+"), middle: ("+", "+", "+"), bottom: ("+", "+", "+"), vertical: "|")
        }
    }

    /// One line of a cell, and its width in characters.
    private struct Line {
        var bytes: [UInt8] = []
        var width = 0

        /// The line padded with spaces to `width` characters: on the right, on the left when
        /// `right`, or on both sides (the extra one on the right) when `centred`.
        func padded(to total: Int, centred: Bool, right: Bool) -> [UInt8] {
            let spare = max(total - width, 0)
            func spaces(_ count: Int) -> [UInt8] { [UInt8](repeating: 0x20, count: count) }
            if centred { return spaces(spare / 2) + bytes + spaces(spare - spare / 2) }
            if right { return spaces(spare) + bytes }
            return bytes + spaces(spare)
        }
    }

    /// What a cell shows: its text (or `.nullvalue`), or with `--quote` its SQL literal.
    private func text(of cell: ShellCell) -> [UInt8] {
        guard settings.quoteColumns else { return cell.text ?? settings.nullValue }
        switch cell.value {
        case .null: return Array("NULL".utf8)
        case .long, .real: return cell.text ?? []
        case .text: return SQLiteLiterals.string(cell.text ?? [])
        case .blob(let bytes): return Array("x'".utf8) + Array(bytes.map { String(format: "%02x", $0) }.joined().utf8) + [0x27]
        }
    }

    /// The lines of `text` as a column shows them: a line ends at a control character (a
    /// `\r\n` is one) and, when `limit` is not 0, after `limit` characters; tabs are expanded
    /// to stops of 8. An empty text is one empty line; a line break at the end adds none.
    ///
    /// With `--wordwrap on`, a line that reaches the limit ends after its last space instead,
    /// or else where a letter or digit meets another character, when that is in its second
    /// half; the spaces that start the next line are left out.
    private func lines(of text: [UInt8], wrappedAt limit: Int) -> [Line] {
        var lines: [Line] = []
        var index = 0
        repeat {
            let lineStart = index
            var current = Line()
            // How many bytes the line had after each byte of the text it took.
            var lengths: [Int] = [0]
            var reachedLimit = false
            while index < text.count {
                let byte = text[index]
                if byte < 0x20, byte != 0x09 { break }
                let startsCharacter = byte & 0xC0 != 0x80
                if startsCharacter, limit > 0, current.width >= limit {
                    reachedLimit = true
                    break
                }
                if byte == 0x09 {
                    repeat {
                        current.bytes.append(0x20)
                        current.width += 1
                    } while current.width % 8 != 0 && (limit == 0 || current.width < limit)
                } else {
                    current.bytes.append(byte)
                    if startsCharacter { current.width += 1 }
                }
                index += 1
                lengths.append(current.bytes.count)
            }
            if reachedLimit, settings.wordWrap {
                if let taken = Self.wordBreak(in: text, from: lineStart, taken: index - lineStart) {
                    index = lineStart + taken
                    current.bytes.removeSubrange(lengths[taken]...)
                    current.width = current.bytes.count { $0 & 0xC0 != 0x80 }
                }
                while index < text.count, text[index] == 0x20 { index += 1 }
            }
            lines.append(current)
            if index < text.count, text[index] == 0x0D { index += 1 }
            if index < text.count, text[index] < 0x20, text[index] != 0x09 { index += 1 }
        } while index < text.count
        return lines
    }

    /// Where a line of `text` that starts at `start` and reached its limit after `taken` bytes
    /// ends with `--wordwrap on`: after a space, or else where a letter or digit meets another
    /// character, in the line's second half; `nil` for nowhere.
    private static func wordBreak(in text: [UInt8], from start: Int, taken: Int) -> Int? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func isAlphanumeric(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte & ~0x20) }
        let candidates = stride(from: taken, to: taken / 2, by: -1)
        if let after = candidates.first(where: { isSpace(text[start + $0 - 1]) }) { return after }
        return candidates.first { taken in
            let next = start + taken
            return next < text.count && isAlphanumeric(text[next - 1]) != isAlphanumeric(text[next]) && text[next] & 0xC0 != 0x80
        }
    }
}
#endif
