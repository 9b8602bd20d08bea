import PortableSQL

/// One ROWS response: the column names, the rows it carries, and whether more batches follow.
struct RowBatch {
    let columns: [String]
    let rows: [[SQLValue]]
    let isLast: Bool

    /// Decodes a ROWS body: the column count and names, then each row as a header of 4-bit
    /// types (padded to a word) followed by its values, up to the word that ends the batch.
    ///
    /// - Throws: `WireError.malformed` when the body is not a well-formed batch, or is a part
    ///   (more batches follow) without a row.
    init(_ reader: inout MessageReader) throws {
        // Each name takes at least a word.
        let count = try reader.count(of: "columns", limit: WireCodes.maximumColumns, minimumBytes: 8)
        columns = try (0..<count).map { _ in try reader.text() }
        let headerBytes = (count * 4 + 63) / 64 * 8
        var rows: [[SQLValue]] = []
        while true {
            let first = try reader.peekByte()
            if first == 0xEE || first == 0xFF || count == 0 {
                let marker = try reader.uint64()
                guard marker == WireCodes.rowsPart || marker == WireCodes.rowsDone else {
                    throw WireError.malformed("a batch of rows ends with \(marker)")
                }
                isLast = marker == WireCodes.rowsDone
                break
            }
            let header = try reader.take(headerBytes)
            var row: [SQLValue] = []
            row.reserveCapacity(count)
            for column in 0..<count {
                let byte = header[header.startIndex + column / 2]
                let type = column % 2 == 0 ? byte & 0x0F : byte >> 4
                row.append(try Self.value(of: type, from: &reader))
            }
            rows.append(row)
        }
        // dqlite ends a part only when its buffer is full, so a part always carries a row: an
        // empty one that says more follow could be followed by others for ever.
        guard isLast || !rows.isEmpty else {
            throw WireError.malformed("a batch of no rows that says more follow")
        }
        self.rows = rows
    }

    /// One value of a row; dqlite's own types come back as SQLite's (a time as its text or its
    /// number, an empty time as NULL, a boolean as 0 or 1).
    private static func value(of type: UInt8, from reader: inout MessageReader) throws -> SQLValue {
        switch type {
        case WireCodes.integer, WireCodes.unixTime, WireCodes.boolean: return .long(try reader.int64())
        case WireCodes.float: return .real(try reader.double())
        case WireCodes.text: return .text(try reader.text())
        case WireCodes.iso8601:
            // A NULL in a DATETIME, DATE or TIMESTAMP column arrives as an empty time.
            let text = try reader.text()
            return text.isEmpty ? .null : .text(text)
        case WireCodes.blob: return .blob(try reader.blob())
        case WireCodes.null:
            _ = try reader.uint64()
            return .null
        default: throw WireError.malformed("a value of type \(type)")
        }
    }
}
