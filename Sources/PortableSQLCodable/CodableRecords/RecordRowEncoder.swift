/// Encodes a `SQLCodableRecord` into a row of its table: each property into its column, found
/// by the position the properties encode in (a name comparison), or by name.
@usableFromInline
final class RecordRowEncoder: Encoder {
    /// Unowned: schemas live as long as the process (`CodableRecordRegistry`).
    unowned(unsafe) let schema: CodableRecordSchema
    let finder: ColumnFinder
    /// The row's values, by position in the table. (The encoder is used by one record's
    /// `encode(to:)` at a time: no access overlaps.)
    @exclusivity(unchecked) var storage: [SQLValue?]

    private init(schema: CodableRecordSchema, storage: [SQLValue?]) {
        self.schema = schema
        finder = schema.finder
        self.storage = storage
    }

    /// Encodes `record` into `row`, laid out as the schema's table (a row of another layout is
    /// replaced by one).
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the type cannot be a record, or what the
    ///   record's conformance throws.
    @usableFromInline
    static func encode<T: Encodable>(_ record: T, into row: inout SQLRow, schema: CodableRecordSchema) throws {
        if let failure = schema.failure { throw failure }
        let layout = schema.table.layout
        if row.layout !== layout || row.source != nil || row.storage.count != layout.columns.count {
            row = SQLRow(layout: layout)
        }
        // The row's buffer is lent to the encoder and given back, so that it is not copied.
        let encoder = RecordRowEncoder(schema: schema, storage: [])
        swap(&encoder.storage, &row.storage)
        defer { swap(&encoder.storage, &row.storage) }
        try record.encode(to: encoder)
    }

    @usableFromInline var codingPath: [any CodingKey] { [] }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }

    @usableFromInline
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowKeyedEncodingContainer<Key>(encoder: self))
    }

    @usableFromInline
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RecordShapeRefusal<AnyKeyForRefusal>(table: schema.table.name)
    }

    @usableFromInline
    func singleValueContainer() -> any SingleValueEncodingContainer {
        RecordShapeRefusal<AnyKeyForRefusal>(table: schema.table.name)
    }
}

/// The properties of a record, each written to its column.
private struct RowKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// Unowned, so that each property written costs no reference counting: the encoder lives
    /// while the record's `encode(to:)` runs, which is when its containers may be used.
    unowned(unsafe) let encoder: RecordRowEncoder
    /// Where the next property is expected: properties encode in the order of the columns.
    var next = 0

    init(encoder: RecordRowEncoder) {
        self.encoder = encoder
    }

    var codingPath: [any CodingKey] { [] }

    /// Stores `value` in `key`'s column.
    @inline(__always)
    private mutating func store(_ value: SQLValue, _ key: Key) throws {
        guard let position = encoder.finder.position(of: key.stringValue, hint: next) else {
            throw SQLError(code: .misuse, message: "\(encoder.schema.table.name) has no column \(key.stringValue): the record encoded a property it did not decode")
        }
        next = position + 1
        encoder.storage[position] = value
    }

    mutating func encodeNil(forKey key: Key) throws { try store(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try store(.long(value ? 1 : 0), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try store(.text(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(.real(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(.real(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try store(.long(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try store(.long(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try store(.long(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try store(.long(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try store(.long(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(try Self.long(value, key), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try store(.long(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try store(.long(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try store(.long(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(try Self.long(value, key), key) }

    /// An unsigned integer as SQLite's 64-bit signed integer.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) above `Int64.max`.
    private static func long<I: FixedWidthInteger>(_ value: I, _ key: Key) throws -> SQLValue {
        guard let long = Int64(exactly: value) else {
            throw SQLError(code: .range, message: "\(key.stringValue): \(value) does not fit SQLite's 64-bit integers")
        }
        return .long(long)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let position = encoder.finder.position(of: key.stringValue, hint: next) else {
            return try store(.null, key)
        }
        try store(StoredValueCoding.encode(value, kind: encoder.schema.kinds[position]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RecordShapeRefusal<NestedKey>(table: encoder.schema.table.name))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RecordShapeRefusal<Key>(table: encoder.schema.table.name)
    }

    mutating func superEncoder() -> any Encoder { RefusingEncoder(table: encoder.schema.table.name) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder(table: encoder.schema.table.name) }
}

/// A container a record cannot encode through (its properties are columns): refuses every value.
private struct RecordShapeRefusal<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let table: String
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    init(table: String) {
        self.table = table
    }

    private func refuse() -> SQLError {
        SQLError(code: .misuse, message: "\(table): a record encodes its properties into a keyed container, each as one value")
    }

    mutating func encodeNil(forKey key: Key) throws { throw refuse() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw refuse() }
    mutating func encodeNil() throws { throw refuse() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw refuse() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RecordShapeRefusal<NestedKey>(table: table))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RecordShapeRefusal<NestedKey>(table: table))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { RefusingEncoder(table: table) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder(table: table) }
}

/// An encoder whose every container refuses values.
private struct RefusingEncoder: Encoder {
    let table: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RecordShapeRefusal<Key>(table: table))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { RecordShapeRefusal<AnyKeyForRefusal>(table: table) }
    func singleValueContainer() -> any SingleValueEncodingContainer { RecordShapeRefusal<AnyKeyForRefusal>(table: table) }
}

/// The key type of refusals that are not keyed.
private struct AnyKeyForRefusal: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
