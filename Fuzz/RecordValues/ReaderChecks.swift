// The three ways a record reads a value, each held to what it must give.
import Foundation
import PortableSQL
import PortableSQLCodable

/// Holds one reader to `wanted`: the plain form gives it, the `…Required` form gives it or,
/// when it is `nil`, throws an error that `isExpected` accepts.
func expectRead<Value>(
    _ name: String, plain: Value?, required: () throws -> Value, wanted: Value?, same: (Value?, Value?) -> Bool,
    isExpected: (any Error) -> Bool, _ input: StoredInput, _ stored: SQLValue
) {
    guard same(plain, wanted) else { finding("\(name) gave \(String(describing: plain)), not \(String(describing: wanted))", input, stored) }
    do {
        let value = try required()
        guard wanted != nil, same(value, wanted) else { finding("\(name)Required gave \(value), not \(String(describing: wanted))", input, stored) }
    } catch {
        guard wanted == nil, isExpected(error) else { finding("\(name)Required threw \(error) where \(String(describing: wanted)) was wanted", input, stored) }
    }
}

/// SkipSQL's column readers on a row holding `stored`, for a column of each type.
func checkSkipSQLReaders(_ input: StoredInput, _ stored: SQLValue) {
    let isBindingError: (any Error) -> Bool = { $0 is SQLBindingError }
    for type in [SQLType.long, .real, .text, .blob, .null] {
        let column = SQLColumn(name: "v", type: type)
        let row: SQLRow = [column: stored]
        expectRead("longValue", plain: column.longValue(in: row), required: { try column.longValueRequired(in: row) }, wanted: skipLong(stored), same: ==, isExpected: isBindingError, input, stored)
        expectRead("realValue", plain: column.realValue(in: row), required: { try column.realValueRequired(in: row) }, wanted: skipReal(stored), same: same, isExpected: isBindingError, input, stored)
        expectRead("textValue", plain: column.textValue(in: row), required: { try column.textValueRequired(in: row) }, wanted: skipText(stored), same: ==, isExpected: isBindingError, input, stored)
        expectRead("blobValue", plain: column.blobValue(in: row), required: { try column.blobValueRequired(in: row) }, wanted: skipBlob(stored), same: ==, isExpected: isBindingError, input, stored)
        // A date from a REAL column's real; from a TEXT column's text when it is ISO-8601 (which
        // is not checked here); from nothing else.
        let date = column.dateValue(in: row)
        switch (type, stored) {
        case (.real, .real(let seconds)):
            guard date == Date(timeIntervalSince1970: seconds) else { finding("dateValue gave \(String(describing: date))", input, stored) }
        case (.text, .text): break
        default:
            guard date == nil else { finding("dateValue gave \(String(describing: date)) from a \(type) column", input, stored) }
        }
        guard (try? column.dateValueRequired(in: row)) == date else { finding("dateValueRequired disagrees with dateValue", input, stored) }
    }
}

/// A record written by hand, as SkipSQL's are, over the view `hand` of `src`: what its
/// readers gave, by name and by position, for each of the six columns.
struct Hand: SQLCodable {
    static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
    static let columns = [SQLType.null, .long, .real, .text, .blob, .null].enumerated().map { SQLColumn(name: "v\($0.offset)", type: $0.element) }
    static let table = SQLTable(name: "hand", columns: [id] + columns)

    /// What one column's readers gave.
    struct Reading {
        var byName: (Int64?, Double?, String?, Data?)
        var byPosition: (Int64?, Double?, String?, Data?)
        var required: (Int64?, Double?, String?, Data?)
        var asTypes: [String: String]
    }
    var readings: [Reading] = []

    init(row: SQLRow, context: SQLContext) throws {
        for (offset, column) in Self.columns.enumerated() {
            let index = offset + 1
            let table = Self.table
            var reading = Reading(
                byName: (column.longValue(in: row), column.realValue(in: row), column.textValue(in: row), column.blobValue(in: row)),
                byPosition: (table.longValue(at: index, in: row), table.realValue(at: index, in: row), table.textValue(at: index, in: row), table.blobValue(at: index, in: row)),
                required: (try? table.longValueRequired(at: index, in: row), try? table.realValueRequired(at: index, in: row),
                           try? table.textValueRequired(at: index, in: row), try? table.blobValueRequired(at: index, in: row)),
                asTypes: [:])
            func read<T: SQLColumnValue>(_ type: T.Type) {
                do {
                    reading.asTypes["\(T.self)"] = try table.value(at: index, in: row, as: T.self).map { "\($0)" } ?? "nil"
                } catch is SQLDecodingError {
                    reading.asTypes["\(T.self)"] = "error"
                } catch {
                    reading.asTypes["\(T.self)"] = "unexpected \(error)"
                }
            }
            read(Int64.self); read(Int.self); read(Int32.self); read(Double.self); read(Bool.self)
            read(String.self); read(Data.self); read(UUID.self); read(URL.self); read(Date.self)
            readings.append(reading)
        }
    }

    func encode(row: inout SQLRow) throws {}
}

/// What `value(at:in:as:)` must give for `stored`, per type, as `Hand` writes it down.
func expectedAsTypes(_ stored: SQLValue) -> [String: String] {
    func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "error" }
    guard stored != .null else { return Dictionary(uniqueKeysWithValues: ["Int64", "Int", "Int32", "Double", "Bool", "String", "Data", "UUID", "URL", "Date"].map { ($0, "nil") }) }
    return [
        "Int64": text(skipLong(stored)), "Int": text(skipLong(stored).flatMap { Int(exactly: $0) }),
        "Int32": text(skipLong(stored).flatMap { Int32(exactly: $0) }), "Double": text(expectedDouble(stored)),
        "Bool": text(skipLong(stored).map { $0 != 0 }), "String": text(skipText(stored)), "Data": text(skipBlob(stored)),
        "UUID": text(skipText(stored).flatMap(UUID.init(uuidString:))), "URL": text(skipText(stored).flatMap { URL(string: $0) }),
        "Date": text(Date(sqlValue: stored)),
    ]
}

/// `Hand` fetched: every reader of every column as SkipSQL's rules say.
func checkHandWritten(_ input: StoredInput, _ stored: SQLValue) {
    let records: [Hand]
    do {
        records = try db.fetchAll(Hand.self)
    } catch {
        finding("fetching the hand-written record threw \(error)", input, stored)
    }
    guard records.count == 1 else { finding("\(records.count) hand-written records", input, stored) }
    for (offset, reading) in records[0].readings.enumerated() {
        let value = offset == input.declaration ? stored : .null
        let wanted = (skipLong(value), skipReal(value), skipText(value), skipBlob(value))
        for (name, got) in [("by name", reading.byName), ("by position", reading.byPosition), ("required by position", reading.required)] {
            guard got.0 == wanted.0, same(got.1, wanted.1), got.2 == wanted.2, got.3 == wanted.3 else {
                finding("column v\(offset) read \(name) as \(got), not \(wanted)", input, stored)
            }
        }
        let expected = expectedAsTypes(value)
        guard reading.asTypes == expected else { finding("column v\(offset) read as types \(reading.asTypes), not \(expected)", input, stored) }
    }
}
