import PortableSQL

/// Encodes a plain `Codable` record into a row of its table: each property into its column, found
/// by the position the properties encode in (a name comparison), or by name.
///
/// Each record type keeps one encoder for its records (`CodableRecordSchema.encoder`), which
/// keeps the keyed container of the last record's coding keys, so that encoding a record
/// allocates nothing and looks up no generic type.
@usableFromInline
final class RecordRowEncoder: Encoder, @unchecked Sendable {
    // Used by one record's `encode(to:)` at a time (see `Borrowable`).

    /// The row, written by the containers.
    let writing: RecordRowWriting
    /// The container handed out last.
    @exclusivity(unchecked) private var kept = KeptContainer()

    init(writing: RecordRowWriting) {
        self.writing = writing
    }

    deinit {
        writing.giveBack()
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
        if let encoder = schema.encoder.borrow() {
            defer { schema.encoder.giveBack() }
            try encoder.encode(record, into: &row.storage)
        } else {
            let writing = RecordRowWriting.take(finder: schema.finder, kinds: schema.kinds, tableName: schema.table.name)
            try RecordRowEncoder(writing: writing).encode(record, into: &row.storage)
        }
    }

    /// Encodes `record` into `values`, one per column, in place.
    private func encode<T: Encodable>(_ record: T, into values: inout [SQLValue?]) throws {
        try values.withUnsafeMutableBufferPointer { values in
            writing.begin(values)
            defer { writing.end() }
            try record.encode(to: self)
        }
    }

    @usableFromInline var codingPath: [any CodingKey] { [] }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }

    @usableFromInline
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        return kept.container(keyedBy: Key.self) { KeyedEncodingContainer(RowKeyedEncodingContainer<Key>(writing: writing)) }
    }

    @usableFromInline
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RecordShapeRefusal<AnyKeyForRefusal>(table: writing.tableName)
    }

    @usableFromInline
    func singleValueContainer() -> any SingleValueEncodingContainer {
        RecordShapeRefusal<AnyKeyForRefusal>(table: writing.tableName)
    }
}

/// The properties of a record, each written to its column.
///
/// Trivial to copy, and reaching its writing unretained (see `RecordRowCoding`).
private struct RowKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    private let writing: Unmanaged<RecordRowWriting>
    /// The writing's token when the container was made: it writes only while that is active.
    private let token: UInt64

    init(writing: RecordRowWriting) {
        self.writing = Unmanaged.passUnretained(writing)
        token = writing.token
    }

    var codingPath: [any CodingKey] { [] }

    /// Runs `body` with the writing, unretained.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the record's `encode(to:)` has returned.
    @inline(__always)
    private func write<Result>(_ body: (RecordRowWriting) throws -> Result) throws -> Result {
        try writing._withUnsafeGuaranteedRef { writing in
            guard writing.activeToken == token else { throw RecordRowWriting.usedAfterEncoding }
            return try body(writing)
        }
    }

    /// Stores `value` in `key`'s column.
    @inline(__always)
    private func store(_ value: SQLValue, _ key: Key) throws {
        try write { writing in
            guard let position = writing.position(of: key) else {
                throw SQLError(code: .misuse, message: "\(writing.tableName) has no column \(key.stringValue): the record encoded a property it did not decode")
            }
            writing.store(value, at: position)
        }
    }

    mutating func encodeNil(forKey key: Key) throws { try store(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try store(.long(value ? 1 : 0), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try store(.text(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(StoredValueCoding.real(value, key.stringValue), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(StoredValueCoding.real(Double(value), key.stringValue), key) }
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
        let kind = try write { writing in writing.position(of: key).map { writing.kinds[$0] } }
        guard let kind else { return try store(.null, key) }
        try store(StoredValueCoding.encode(value, kind: kind, name: key.stringValue), key)
    }

    /// The table's name, for messages.
    private var tableName: String {
        (try? write { $0.tableName }) ?? "record"
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RecordShapeRefusal<NestedKey>(table: tableName))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        RecordShapeRefusal<Key>(table: tableName)
    }

    mutating func superEncoder() -> any Encoder { RefusingEncoder(table: tableName) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder(table: tableName) }
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
