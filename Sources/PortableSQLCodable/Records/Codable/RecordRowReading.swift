import Foundation
import PortableSQL

/// The row a plain `Codable` record decodes from, as its keyed containers read it: the values, in
/// place from the statement or held (see `RecordRowCoding`).
final class RecordRowReading: RecordRowCoding, @unchecked Sendable {
    private static let reused = ReusedObjects<RecordRowReading>()

    /// The statement's function table, when the values are read in place.
    private var functions: UnsafePointer<SQLiteFunctions>?
    /// The statement read in place (reread for each record: it is `nil` once closed).
    @exclusivity(unchecked) private var handle: OpaquePointer?
    /// The statement's column that holds the table's first column.
    private var offset = 0
    /// The values, by position, when they are not read in place.
    private var values: [SQLValue?] = []

    /// A reading of the columns of `schema`'s table in `statement`'s rows, from column `offset`.
    static func take(schema: CodableRecordSchema, statement: SQLStatement, offset: Int) -> RecordRowReading {
        let reading = reused.take { RecordRowReading() }
        reading.hold(finder: schema.finder, kinds: schema.kinds, tableName: schema.table.name)
        reading.functions = statement.engine.functionTable
        reading.offset = offset
        return reading
    }

    /// A reading of `values`, one per column of `schema`'s table.
    static func take(schema: CodableRecordSchema, values: [SQLValue?]) -> RecordRowReading {
        let reading = reused.take { RecordRowReading() }
        reading.hold(finder: schema.finder, kinds: schema.kinds, tableName: schema.table.name)
        reading.values = values
        return reading
    }

    /// Gives the reading back, to be taken again.
    func giveBack() {
        release()
        Self.reused.giveBack(self)
    }

    override func release() {
        super.release()
        functions = nil
        handle = nil
        offset = 0
        values = []
    }

    /// Starts decoding a record from the statement's current row (`handle`), or from the values.
    @inline(__always)
    func begin(_ handle: OpaquePointer?) {
        self.handle = handle
        start()
    }

    /// The value at `position` (NULL when the row has none).
    @inline(__always)
    func value(at position: Int) -> SQLValue {
        if let functions {
            return SQLStatement.readValue(functions, handle, Int32(truncatingIfNeeded: offset + position))
        }
        return values[position] ?? .null
    }

    /// The integer at `position`, read without making a `SQLValue` when the column holds one;
    /// a real with an integral value is accepted too. `nil` for any other value.
    @inline(__always)
    func integer(at position: Int) -> Int64? {
        if let functions {
            // One call to find the value (as `SQLStatement.readValue` does), then cheap reads.
            let value = functions.pointee.columnValue(handle, Int32(truncatingIfNeeded: offset + position))
            if functions.pointee.valueType(value) == SQLiteTypeCode.integer {
                return functions.pointee.valueInt64(value)
            }
            return StoredNumber.integer(SQLStatement.readValue(functions, value))
        }
        return StoredNumber.integer(values[position] ?? .null)
    }

    /// The position of `key`'s column, moving past it; `nil` when the table has none.
    @inline(__always)
    func take<Key: CodingKey>(_ key: Key) -> Int? {
        guard let position = position(of: key) else { return nil }
        next = position + 1
        return position
    }

    /// What a container kept past its record's `init(from:)` throws.
    static let usedAfterDecoding = SQLError(code: .misuse, message: "a record's decoder or container was used after its init(from:) returned")
}
