import Foundation
import PortableSQL

/// The row a `SQLCodableRecord` decodes from, as its keyed containers read it: the values (in
/// place from the statement, or held), where the next property is expected, and which decoder
/// is decoding a record from it.
///
/// A container reads it through an unretained reference and a token (both trivial to copy),
/// because the standard library copies a container for each property it decodes: a reference
/// that is retained would cost two atomic operations a property. So that such a reference never
/// dangles, even in a container kept past `init(from:)`, readings are never freed: a decoder
/// takes one (`ReusedObjects`) and gives it back, and a container whose token is no longer the
/// reading's active one throws instead of reading.
final class RecordRowReading: @unchecked Sendable {
    // Used by one decoder at a time; handed between decoders under the pool's lock.

    private static let reused = ReusedObjects<RecordRowReading>()

    /// Finds each property's column.
    private(set) var finder = ColumnFinder.empty
    /// How each column's property is stored, by position.
    private(set) var kinds: [StoredKind] = []
    /// The table's name, for messages.
    private(set) var tableName = ""
    /// The statement's function table, when the values are read in place.
    private var functions: UnsafePointer<SQLiteFunctions>?
    /// The statement read in place (reread for each record: it is `nil` once closed).
    @exclusivity(unchecked) private var handle: OpaquePointer?
    /// The statement's column that holds the table's first column.
    private var offset = 0
    /// The values, by position, when they are not read in place.
    private var values: [SQLValue?] = []
    /// Where the next property is expected: properties decode in the order of the columns.
    @exclusivity(unchecked) var next = 0
    /// The token of the decoder that holds the reading: unique to that holder.
    private(set) var token: UInt64 = 0
    /// The token while a record's `init(from:)` runs, else 0: what containers check.
    @exclusivity(unchecked) private(set) var activeToken: UInt64 = 0

    private init() {}

    /// A reading of the columns of `schema`'s table in `statement`'s rows, from column `offset`.
    static func take(schema: CodableRecordSchema, statement: SQLStatement, offset: Int) -> RecordRowReading {
        let reading = take(schema: schema)
        reading.functions = statement.engine.functionTable
        reading.offset = offset
        return reading
    }

    /// A reading of `values`, one per column of `schema`'s table.
    static func take(schema: CodableRecordSchema, values: [SQLValue?]) -> RecordRowReading {
        let reading = take(schema: schema)
        reading.values = values
        return reading
    }

    private static func take(schema: CodableRecordSchema) -> RecordRowReading {
        let reading = reused.take { RecordRowReading() }
        reading.finder = schema.finder
        reading.kinds = schema.kinds
        reading.tableName = schema.table.name
        reading.token = HolderTokens.next()
        return reading
    }

    /// Gives the reading back to the pool: containers made for it throw from now on.
    func giveBack() {
        token = 0
        activeToken = 0
        functions = nil
        handle = nil
        offset = 0
        values = []
        kinds = []
        Self.reused.giveBack(self)
    }

    /// Starts decoding a record from the statement's current row (`handle`), or from the values.
    @inline(__always)
    func begin(_ handle: OpaquePointer?) {
        self.handle = handle
        next = 0
        activeToken = token
    }

    /// Ends decoding a record: later reads through a kept container throw.
    @inline(__always)
    func end() {
        activeToken = 0
    }

    /// Whether a record's `init(from:)` is running on this reading.
    var isDecoding: Bool { activeToken != 0 }

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
        }
        return ColumnConversion.long(value(at: position))
    }

    /// The position of the column named `name`, moving past it; `nil` when the table has none.
    @inline(__always)
    func take(_ name: String) -> Int? {
        guard let position = finder.position(of: name, hint: next) else { return nil }
        next = position + 1
        return position
    }

    /// The position of the column named `name`, without moving past it.
    @inline(__always)
    func peek(_ name: String) -> Int? {
        finder.position(of: name, hint: next)
    }

    /// What a container kept past its record's `init(from:)` throws.
    static let usedAfterDecoding = SQLError(code: .misuse, message: "a record's decoder or container was used after its init(from:) returned")
}
