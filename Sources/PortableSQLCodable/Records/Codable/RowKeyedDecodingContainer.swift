import Foundation
import PortableSQL

/// The properties of a plain `Codable` record, each read from its column of the row.
///
/// Trivial to copy (see `RecordRowCoding`): the standard library copies it for each property.
struct RowKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let reading: Unmanaged<RecordRowReading>
    /// The reading's token when the container was made: it reads only while that is active.
    private let token: UInt64

    init(reading: RecordRowReading) {
        self.reading = Unmanaged.passUnretained(reading)
        token = reading.token
    }

    /// Runs `body` with the reading, unretained.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the record's `init(from:)` has returned.
    @inline(__always)
    private func read<Result>(_ body: (RecordRowReading) throws -> Result) throws -> Result {
        try reading._withUnsafeGuaranteedRef { reading in
            guard reading.activeToken == token else { throw RecordRowReading.usedAfterDecoding }
            return try body(reading)
        }
    }

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { (try? read { $0.finder.names.compactMap { Key(stringValue: $0) } }) ?? [] }

    func contains(_ key: Key) -> Bool {
        (try? read { $0.position(of: key) }) != nil
    }

    /// The position of `key`'s column in `reading`, moving past it.
    @inline(__always)
    private func position(_ key: Key, in reading: RecordRowReading) throws -> Int {
        guard let position = reading.take(key) else {
            throw SQLDecodingError.missing(key.stringValue, expected: "a column")
        }
        return position
    }

    private func mismatch(_ key: Key, _ value: SQLValue, _ expected: String) -> SQLDecodingError {
        SQLDecodingError.wrong(key.stringValue, value: value, expected: expected)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try read { reading in
            guard let position = reading.position(of: key) else { return true }
            return reading.value(at: position).isNull
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try read { reading in
            let position = try position(key, in: reading)
            guard let integer = reading.integer(at: position) else { throw mismatch(key, reading.value(at: position), "a Bool (0 or 1)") }
            return integer != 0
        }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try read { reading in
            let value = reading.value(at: try position(key, in: reading))
            guard case .text(let text) = value else { throw mismatch(key, value, "text") }
            return text
        }
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try read { reading in
            let value = reading.value(at: try position(key, in: reading))
            guard let real = StoredNumber.real(value) else { throw mismatch(key, value, "a number") }
            return real
        }
    }

    /// A REAL beyond `Float`'s range is refused, not read as an infinity, and so is one so
    /// small it would read as 0.
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try read { reading in
            let value = reading.value(at: try position(key, in: reading))
            guard let real = StoredNumber.real(value), let float = StoredValueCoding.float(real) else {
                throw mismatch(key, value, "a Float (within ±3.4e38, and not so near 0 that it reads as 0)")
            }
            return float
        }
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
        try read { reading in
            let position = try position(key, in: reading)
            guard let integer = reading.integer(at: position), let fitting = I(exactly: integer) else {
                throw mismatch(key, reading.value(at: position), "\(I.self)")
            }
            return fitting
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (value, kind) = try read { reading in
            let position = try position(key, in: reading)
            return (reading.value(at: position), reading.kinds[position])
        }
        do {
            return try StoredValueCoding.decode(type, from: value, kind: kind)
        } catch let error as SQLDecodingError {
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

    /// Whether `key`'s column is NULL or missing; a NULL one is moved past.
    private func isNull(_ key: Key) throws -> Bool {
        try read { reading in
            guard let position = reading.position(of: key) else { return true }
            if reading.value(at: position).isNull {
                reading.next = position + 1
                return true
            }
            return false
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw SQLError(code: .misuse, message: "\(tableNameForMessages).\(key.stringValue): decode the property as a Decodable value, not through a nested container")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw SQLError(code: .misuse, message: "\(tableNameForMessages).\(key.stringValue): decode the property as a Decodable value, not through a nested container")
    }

    /// The table's name, for messages.
    private var tableNameForMessages: String {
        (try? read { $0.tableName }) ?? "record"
    }

    func superDecoder() throws -> any Decoder {
        throw SQLError(code: .misuse, message: "a record's Decodable conformance cannot use superDecoder()")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder()
    }
}
