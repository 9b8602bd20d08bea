#if Tool
import Foundation

/// The records of a CSV file as RFC 4180 has them, and as `sqlite3 -csv` writes them: fields
/// apart by `,`, records ending at `\n` or `\r\n`, a field in double quotes that may hold
/// commas, line ends and `""` for a quote. A UTF-8 byte order mark at the start is skipped, and
/// so are blank lines. A quote inside an unquoted field is taken as it is. Fields are bytes, as
/// the file has them: text that is not UTF-8 (Latin-1, say) is kept, as sqlite3 keeps it.
enum CSVRecords {
    /// One record and the line of the file it starts on.
    struct Record: Equatable {
        let line: Int
        /// Each field's bytes, without its quotes, a `""` in it made one `"`.
        let fields: [Data]
    }

    /// The records of `data`.
    ///
    /// - Throws: `CommandFailure` naming `name` and the line for a quoted field that the file
    ///   does not close.
    static func parse(_ data: Data, name: String) throws -> [Record] {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var records: [Record] = []
        var fields: [Data] = []
        var field: [UInt8] = []
        var quoted = false
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var index = 0
        /// Ends the field being read: it joins the record's fields.
        func endField() {
            fields.append(Data(field))
            field.removeAll(keepingCapacity: true)
            quoted = false
        }
        /// Ends the record being read, at a line end or the end of the file.
        func endRecord() {
            // A blank line is no record.
            if !fields.isEmpty || !field.isEmpty || quoted {
                endField()
                records.append(Record(line: recordLine, fields: fields))
            }
            fields.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == quote {
                    if index < bytes.count, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == newline { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where field.isEmpty && !quoted:
                inQuotes = true
                quoted = true
                quoteLine = line
            case comma:
                endField()
            case carriageReturn where index < bytes.count && bytes[index] == newline:
                break
            case newline:
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        guard !inQuotes else { throw CommandFailure("\(name) line \(quoteLine): a quoted field is not closed before the end of the file") }
        endRecord()
        return records
    }
}
#endif
