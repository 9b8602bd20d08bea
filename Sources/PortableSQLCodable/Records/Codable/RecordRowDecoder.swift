import Foundation
import PortableSQL

/// Decodes a plain `Codable` record from a row of its table: each property from its column, found
/// by the position the properties decode in (a name comparison), or by name.
///
/// A row read from a statement keeps one decoder for all its records (`SQLRowSource`), and
/// the decoder keeps the keyed container of the last record's coding keys, so that decoding a
/// record allocates nothing and looks up no generic type.
@usableFromInline
final class RecordRowDecoder: Decoder {
    /// The row, read by the containers too.
    let reading: RecordRowReading
    /// The container handed out last.
    @exclusivity(unchecked) private var kept = KeptContainer()

    /// The record type decoded.
    private let recordType: any CodableRecord.Type

    private init(reading: RecordRowReading, recordType: any CodableRecord.Type) {
        self.reading = reading
        self.recordType = recordType
    }

    /// A decoder of the rows of `schema`'s table that `statement` reads from column `offset`.
    convenience init(schema: CodableRecordSchema, statement: SQLStatement, offset: Int) {
        self.init(reading: .take(schema: schema, statement: statement, offset: offset), recordType: schema.recordType)
    }

    deinit {
        reading.giveBack()
    }

    /// Decodes a `T` from `row`: in place through the row source's decoder when the row is
    /// read from a statement of `T`'s table, else from the row's values laid out as the table.
    ///
    /// - Throws: `SQLDecodingError` naming the column, for a value that does not fit its
    ///   property; `SQLError` (`SQLITE_MISUSE`) when `T` cannot be a record; what `T`'s
    ///   `init(from:)` throws.
    @usableFromInline
    static func decode<T: CodableRecord>(_ type: T.Type, from row: SQLRow) throws -> T {
        // Optional chaining borrows the source: nothing is retained. (No `T?` is made: in
        // generic code, that is one more generic type to look up for each record.)
        if row.source?.decodesInPlace(T.self) == true {
            return try row.source.unsafelyUnwrapped.decodeRecordInPlace(T.self)
        }
        let schema = CodableRecordSchema.of(T.self, row: row)
        if let failure = schema.failure { throw failure }
        let layout = schema.table.layout
        let values = row.layout === layout ? row.values : layout.columns.map { row[$0] }
        return try RecordRowDecoder(reading: .take(schema: schema, values: values), recordType: T.self)
            .decode(T.self, handle: nil)
    }

    /// Whether this decoder decodes `T`, and is not decoding a record already.
    @inline(__always)
    func decodesInPlace<T: CodableRecord>(_ type: T.Type) -> Bool {
        recordType == T.self && !reading.isCoding
    }

    /// A `T` decoded from the statement's current row (`handle`), or from the values (`nil`).
    ///
    /// - Throws: what `T`'s `init(from:)` throws.
    func decode<T: CodableRecord>(_ type: T.Type, handle: OpaquePointer?) throws -> T {
        reading.begin(handle)
        defer { reading.finish() }
        return try T(from: self)
    }

    @usableFromInline var codingPath: [any CodingKey] { [] }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }

    @usableFromInline
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard reading.isCoding else { throw RecordRowReading.usedAfterDecoding }
        return kept.container(keyedBy: Key.self) { KeyedDecodingContainer(RowKeyedDecodingContainer<Key>(reading: reading)) }
    }

    @usableFromInline
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SQLError(code: .misuse, message: "\(reading.tableName): a record decodes from a keyed container")
    }

    @usableFromInline
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw SQLError(code: .misuse, message: "\(reading.tableName): a record decodes from a keyed container")
    }
}
