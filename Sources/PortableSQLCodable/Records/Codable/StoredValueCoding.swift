import Foundation

/// Reads and writes the values of a plain `Codable` record's properties that are not primitives:
/// `SQLColumnValue`s through their own conversion, single-value types (enums by raw value)
/// through the primitive they code as, and anything else as JSON text.
@usableFromInline
enum StoredValueCoding {
    /// The JSON coders of nested values (both are Sendable).
    static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    static let jsonDecoder = JSONDecoder()

    /// A `T` from the stored `value` of a property stored as `kind`.
    ///
    /// - Throws: `SQLDecodingError`-free errors saying why the value is no `T`; the caller names
    ///   the column.
    static func decode<T: Decodable>(_ type: T.Type, from value: SQLValue, kind: StoredKind) throws -> T {
        switch kind {
        case .columnValue(let columnType):
            guard let decoded = columnType.init(sqlValue: value) as? T else { throw StoredValueError.notConvertible }
            return decoded
        case .json:
            guard case .text(let text) = value else { throw StoredValueError.notConvertible }
            return try jsonDecoder.decode(T.self, from: Data(text.utf8))
        case .integer, .real, .text, .boolean, .singleValue:
            return try T(from: SingleValueDecoder(value: value))
        }
    }

    /// A `T` from the JSON text `value`; `nil` when it is not text or not JSON of a `T`.
    @usableFromInline
    static func decodeJSON<T: Decodable>(_ type: T.Type, from value: SQLValue) -> T? {
        try? decode(T.self, from: value, kind: .json)
    }

    /// The JSON text of `value`, as a record's column holds it.
    ///
    /// - Throws: as `encode(_:kind:name:)`.
    @usableFromInline
    static func encodeJSON<T: Encodable>(_ value: T) throws -> SQLValue {
        try encode(value, kind: .json, name: "\(T.self)")
    }

    /// What the column holds for `value`, the property `name` stored as `kind`.
    ///
    /// - Throws: what `value`'s `Encodable` conformance throws; as `real(_:_:)`; `SQLError`
    ///   (`SQLITE_MISMATCH`) for a value whose JSON cannot be read back: one with a NaN
    ///   `Decimal` anywhere in it, which `JSONEncoder` writes as a bare `NaN`.
    static func encode<T: Encodable>(_ value: T, kind: StoredKind, name: String) throws -> SQLValue {
        switch kind {
        case .columnValue:
            guard let columnValue = value as? any SQLColumnValue else { return try encodeSingle(value, name) }
            let stored = columnValue.sqlValue
            if case .real(let real) = stored, real.isNaN {
                throw SQLError(code: .mismatch, message: "\(name): a \(T.self) whose value is NaN cannot be stored, since SQLite stores it as NULL")
            }
            return stored
        case .json:
            let json = try jsonEncoder.encode(value)
            if json.firstRange(of: Data("NaN".utf8)) != nil, (try? JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed)) == nil {
                throw SQLError(code: .mismatch, message: "\(name): its JSON holds NaN (a Decimal whose value is NaN, at any depth), which JSON cannot read back")
            }
            return .text(String(decoding: json, as: UTF8.self))
        case .integer, .real, .text, .boolean, .singleValue:
            return try encodeSingle(value, name)
        }
    }

    /// The REAL that stores `value`, the property `name`'s.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISMATCH`) for a value SQLite cannot give back: NaN, which
    ///   it stores as NULL, and -0.0, which a REAL column gives back as 0.0.
    static func real(_ value: Double, _ name: @autoclosure () -> String) throws -> SQLValue {
        if value.isNaN {
            throw SQLError(code: .mismatch, message: "\(name()): NaN cannot be stored, since SQLite stores it as NULL")
        }
        if value == 0 && value.sign == .minus {
            throw SQLError(code: .mismatch, message: "\(name()): -0.0 cannot be stored, since a REAL column gives it back as 0.0; store 0.0 (adding 0.0 to a -0.0 gives it)")
        }
        return .real(value)
    }

    /// The `Float` nearest a stored REAL, or `nil` for one beyond `Float`'s range, which would
    /// read as an infinity (and be written back as one), or so small that it would read as 0
    /// (-1e-50 as -0.0, which cannot be written back); a stored infinity stays one.
    static func float(_ real: Double) -> Float? {
        let float = Float(real)
        guard float.isFinite || real.isInfinite, float != 0 || real == 0 else { return nil }
        return float
    }

    /// The one primitive `value` encodes as.
    private static func encodeSingle<T: Encodable>(_ value: T, _ name: String) throws -> SQLValue {
        let encoder = SingleValueEncoder(name: name)
        try value.encode(to: encoder)
        guard let stored = encoder.value else { throw StoredValueError.notSingleValue("\(T.self)") }
        return stored
    }
}

/// Why a stored value could not be read or written.
enum StoredValueError: Error, CustomStringConvertible {
    case notConvertible
    case notSingleValue(String)

    var description: String {
        switch self {
        case .notConvertible: return "the value cannot be converted"
        case .notSingleValue(let type): return "\(type) did not encode as one value"
        }
    }
}

/// Decodes a type that codes as one primitive from a stored value.
private struct SingleValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: SQLValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw StoredValueError.notConvertible
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw StoredValueError.notConvertible
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded: Any?
        switch type {
        case is Bool.Type: decoded = StoredNumber.integer(value).map { $0 != 0 }
        case is String.Type: decoded = value.textValue
        case is Double.Type: decoded = StoredNumber.real(value)
        case is Float.Type: decoded = StoredNumber.real(value).flatMap(StoredValueCoding.float)
        case let integer as any FixedWidthInteger.Type: decoded = StoredNumber.integer(value).flatMap { fitting(integer, $0) }
        case let columnType as any SQLColumnValue.Type: decoded = columnType.init(sqlValue: value)
        default: return try T(from: self)
        }
        guard let result = decoded as? T else { throw StoredValueError.notConvertible }
        return result
    }
}

/// `value` as an integer of `type`, when it fits.
private func fitting<I: FixedWidthInteger>(_ type: I.Type, _ value: Int64) -> Any? {
    I(exactly: value)
}

/// Captures the one primitive a value encodes as.
private final class SingleValueEncoder: Encoder, SingleValueEncodingContainer {
    /// The property's name, for errors.
    let name: String
    var value: SQLValue?

    init(name: String) {
        self.name = name
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingKeyedContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RefusingUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }

    func encode<T: Encodable>(_ value: T) throws {
        switch value {
        case let bool as Bool: self.value = .long(bool ? 1 : 0)
        case let text as String: self.value = .text(text)
        case let real as Double: self.value = try StoredValueCoding.real(real, name)
        case let real as Float: self.value = try StoredValueCoding.real(Double(real), name)
        case let integer as any FixedWidthInteger:
            guard let long = Int64(exactly: integer) else { throw StoredValueError.notConvertible }
            self.value = .long(long)
        case let columnValue as any SQLColumnValue: self.value = columnValue.sqlValue
        default: try value.encode(to: self)
        }
    }
}

/// A keyed container in a value that must be one primitive: refuses every value.
private struct RefusingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) throws { throw StoredValueError.notSingleValue("a keyed value") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw StoredValueError.notSingleValue("a keyed value") }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { RefusingUnkeyedContainer() }
    mutating func superEncoder() -> any Encoder { SingleValueEncoder(name: "a nested value") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SingleValueEncoder(name: "a nested value") }
}

/// An unkeyed container in a value that must be one primitive: refuses every value.
private struct RefusingUnkeyedContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws { throw StoredValueError.notSingleValue("an array") }
    mutating func encode<T: Encodable>(_ value: T) throws { throw StoredValueError.notSingleValue("an array") }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyedContainer<NestedKey>())
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { RefusingUnkeyedContainer() }
    mutating func superEncoder() -> any Encoder { SingleValueEncoder(name: "a nested value") }
}
