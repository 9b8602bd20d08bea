import Foundation

/// Decodes a `SQLCodableRecord` from a row of its table: each property from its column, found
/// by the position the properties decode in (a name comparison), or by name.
@usableFromInline
final class RecordRowDecoder: Decoder {
    let row: SQLRow
    /// Unowned: schemas live as long as the process (`CodableRecordRegistry`), so reading one
    /// costs no reference counting.
    unowned(unsafe) let schema: CodableRecordSchema
    let finder: ColumnFinder
    /// Where the next property is expected: properties decode in the order of the columns.
    /// (The decoder is used by one initializer at a time: no access overlaps.)
    @exclusivity(unchecked) var next = 0

    /// A decoder of `row`, laid out as the schema's table when it is not already.
    @usableFromInline
    init(row: SQLRow, schema: CodableRecordSchema) throws {
        if let failure = schema.failure { throw failure }
        let layout = schema.table.layout
        self.row = row.layout === layout ? row : SQLRow(layout: layout, storage: layout.columns.map { row[$0] })
        self.schema = schema
        finder = schema.finder
    }

    /// The value at `position` of the row (NULL when it has none), read in place.
    @inline(__always)
    func value(at position: Int) -> SQLValue {
        row.value(at: position) ?? .null
    }

    @usableFromInline var codingPath: [any CodingKey] { [] }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }

    @usableFromInline
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedDecodingContainer<Key>(decoder: self))
    }

    @usableFromInline
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw SQLError(code: .misuse, message: "\(schema.table.name): a record decodes from a keyed container")
    }

    @usableFromInline
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw SQLError(code: .misuse, message: "\(schema.table.name): a record decodes from a keyed container")
    }
}

/// The properties of a record, each read from its column.
private struct RowKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Unowned, so that each property read costs no reference counting: the decoder lives
    /// while the record's `init(from:)` runs, which is when its containers may be used.
    unowned(unsafe) let decoder: RecordRowDecoder
    var schema: CodableRecordSchema { decoder.schema }
    var next: Int {
        get { decoder.next }
        nonmutating set { decoder.next = newValue }
    }

    init(decoder: RecordRowDecoder) {
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { schema.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        decoder.finder.position(of: key.stringValue, hint: next) != nil
    }

    /// The stored value of `key`'s column (NULL when the row has none), and its position.
    @inline(__always)
    private func stored(_ key: Key) throws -> (SQLValue, Int) {
        guard let position = decoder.finder.position(of: key.stringValue, hint: next) else {
            throw SQLBindingError.missing(key.stringValue, expected: "a column")
        }
        next = position + 1
        return (decoder.value(at: position), position)
    }

    private func mismatch(_ key: Key, _ value: SQLValue, _ expected: String) -> SQLBindingError {
        SQLBindingError.wrong(key.stringValue, value: value, expected: expected)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let position = decoder.finder.position(of: key.stringValue, hint: next) else { return true }
        return decoder.value(at: position).isNull
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let (value, _) = try stored(key)
        guard let integer = ColumnConversion.long(value) else { throw mismatch(key, value, "a Bool (0 or 1)") }
        return integer != 0
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let (value, _) = try stored(key)
        guard case .text(let text) = value else { throw mismatch(key, value, "text") }
        return text
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let (value, _) = try stored(key)
        guard let real = ColumnConversion.real(value) else { throw mismatch(key, value, "a number") }
        return real
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try decode(Double.self, forKey: key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    /// An integer that fits `type`.
    @inline(__always)
    private func integer<I: FixedWidthInteger>(_ type: I.Type, _ key: Key) throws -> I {
        let (value, _) = try stored(key)
        guard let integer = ColumnConversion.long(value), let fitting = I(exactly: integer) else { throw mismatch(key, value, "\(I.self)") }
        return fitting
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (value, position) = try stored(key)
        do {
            return try StoredValueCoding.decode(type, from: value, kind: schema.kinds[position])
        } catch let error as SQLBindingError {
            throw error
        } catch {
            throw mismatch(key, value, "\(T.self) (\(error))")
        }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try isNull(key) ? nil : decode(type, forKey: key)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try isNull(key) ? nil : decode(type, forKey: key)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try isNull(key) ? nil : decode(type, forKey: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try isNull(key) ? nil : decode(type, forKey: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try isNull(key) ? nil : decode(type, forKey: key)
    }

    /// Whether `key`'s column is NULL or missing; a missing one moves past it.
    private func isNull(_ key: Key) -> Bool {
        guard let position = decoder.finder.position(of: key.stringValue, hint: next) else { return true }
        if decoder.value(at: position).isNull {
            next = position + 1
            return true
        }
        return false
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw SQLError(code: .misuse, message: "\(schema.table.name).\(key.stringValue): decode the property as a Decodable value, not through a nested container")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SQLError(code: .misuse, message: "\(schema.table.name).\(key.stringValue): decode the property as a Decodable value, not through a nested container")
    }

    func superDecoder() throws -> any Decoder {
        throw SQLError(code: .misuse, message: "a record's Decodable conformance cannot use superDecoder()")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder()
    }
}
