import Foundation

/// Learns a plain `Codable` record type's columns from its `Decodable` conformance: decodes an
/// instance from sample values and notes each property the initializer asks for, in order,
/// with the kind of value it asks for.
///
/// Every value is the sample 0 (`0`, `"0"`, `false`, an empty array, a type's first case),
/// except for the property at `variantIndex`, which gets the sample 1 (`1`, `"1"`, `true`, an
/// array of one element, a second case). Comparing the instances decoded with each property
/// varied tells which property a key path reads (see `KeyPathColumns`).
final class SchemaProbe {
    /// A property the initializer asked for.
    struct Property {
        let name: String
        var kind: StoredKind
        var optional: Bool
        /// The property's type (without the optional).
        let type: Any.Type
    }

    /// The properties, in the order the initializer asked for them.
    private(set) var properties: [Property] = []
    /// The position of the property that gets the sample 1, or `nil` for none.
    let variantIndex: Int?

    private init(variantIndex: Int?) {
        self.variantIndex = variantIndex
    }

    /// The properties of `type`, in decoding order.
    ///
    /// - Throws: the error of a property for which no sample could be made, naming it.
    static func properties<T: Decodable>(of type: T.Type) throws -> [Property] {
        let probe = SchemaProbe(variantIndex: nil)
        _ = try T(from: ProbeDecoder(probe: probe, one: false, top: true))
        return probe.properties
    }

    /// An instance of `type` made of sample 0 values, but for the property at `variantIndex`.
    ///
    /// - Throws: as `properties(of:)`.
    static func instance<T: Decodable>(of type: T.Type, varying variantIndex: Int?) throws -> T {
        try T(from: ProbeDecoder(probe: SchemaProbe(variantIndex: variantIndex), one: false, top: true))
    }

    /// Notes a top-level property and tells whether it gets the sample 1.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when `name` is not the name of a property noted
    ///   before, but equal to it as Swift compares strings (canonically equivalent Unicode,
    ///   `"caf\u{E9}"` and `"cafe\u{301}"`): SQLite would make two columns of them, and the
    ///   coders, which find columns by name, one.
    fileprivate func note(_ name: String, _ kind: StoredKind, optional: Bool, type: Any.Type) throws -> Bool {
        if let index = properties.firstIndex(where: { $0.name == name }) {
            guard properties[index].name.utf8.elementsEqual(name.utf8) else {
                throw SQLError(code: .misuse, message: "properties \"\(properties[index].name.nonASCIISpelledOut)\" and \"\(name.nonASCIISpelledOut)\" have names that Swift takes as one (the same text in two Unicode forms) and SQLite as two columns; give one of them another coding key")
            }
            properties[index].kind = kind
            return index == variantIndex
        }
        properties.append(Property(name: name, kind: kind, optional: optional, type: type))
        return properties.count - 1 == variantIndex
    }

    /// The sample of a `SQLColumnValue` type: the common Foundation ones by hand, others from
    /// the sample integer, real, text or blob of their column type.
    fileprivate static func sample<T>(_ type: T.Type, one: Bool) -> T? {
        let value: Any?
        switch type {
        case is Date.Type: value = Date(timeIntervalSince1970: one ? 1 : 0)
        case is UUID.Type: value = UUID(uuidString: one ? "00000000-0000-0000-0000-000000000001" : "00000000-0000-0000-0000-000000000000")
        case is URL.Type: value = URL(string: one ? "https://1.invalid" : "https://0.invalid")
        case is Data.Type: value = Data([one ? 1 : 0])
        case let columnType as any SQLColumnValue.Type:
            let stored: SQLValue
            switch columnType.sqlType {
            case .long: stored = .long(one ? 1 : 0)
            case .real: stored = .real(one ? 1 : 0)
            case .blob: stored = .blob(Data([one ? 1 : 0]))
            default: stored = .text(one ? "1" : "0")
            }
            value = columnType.init(sqlValue: stored)
        default: value = nil
        }
        return value as? T
    }

    /// A case of a `CaseIterable` type: the second for the sample 1, when there is one.
    fileprivate static func caseSample<T>(_ type: T.Type, one: Bool) -> T? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        func cases<C: CaseIterable>(_ type: C.Type) -> [Any] { Array(C.allCases) }
        let all = cases(iterable)
        let chosen: Any? = one && all.count > 1 ? all[1] : all.first
        return chosen as? T
    }
}

/// The decoder `SchemaProbe` decodes its samples with. At the top level it notes each property.
private struct ProbeDecoder: Decoder {
    let probe: SchemaProbe
    /// Whether values are the sample 1.
    let one: Bool
    /// Whether this decodes the record itself (its properties are the columns).
    let top: Bool
    /// What a nested value asked for, for the column kind of its property.
    let request: ProbeRequest?

    init(probe: SchemaProbe, one: Bool, top: Bool, request: ProbeRequest? = nil) {
        self.probe = probe
        self.one = one
        self.top = top
        self.request = request
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        request?.kind = .json
        return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        request?.kind = .json
        return ProbeUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(decoder: self)
    }

    /// A decoder for a nested value, with the sample `one`.
    func nested(one: Bool, request: ProbeRequest? = nil) -> ProbeDecoder {
        ProbeDecoder(probe: probe, one: one, top: false, request: request)
    }

    /// A sample of any `Decodable` type: a `SQLColumnValue`'s own, or one decoded from samples,
    /// or a case of a `CaseIterable` type whose initializer refused the sample.
    func sample<T: Decodable>(_ type: T.Type, one: Bool, request: ProbeRequest?) throws -> T {
        if let value = SchemaProbe.sample(type, one: one) { return value }
        do {
            return try T(from: nested(one: one, request: request))
        } catch {
            if let value = SchemaProbe.caseSample(type, one: one) { return value }
            throw error
        }
    }
}

/// What a nested value's decoding asked for: one primitive (its column type), or containers
/// (JSON); and whether it asked if its one value is nil, so that it reads NULL as a value of
/// its own.
private final class ProbeRequest {
    var kind: StoredKind?
    var asksForNil = false
}

/// An optional type, seen where a property's type is probed: a property of a nested optional
/// type (`Int??`) cannot be a column, since NULL stands for only one of its `nil`s.
private protocol ProbedOptional {
    /// Whether the wrapped type is an optional too.
    static var wrapsOptional: Bool { get }
}

extension Optional: ProbedOptional {
    static var wrapsOptional: Bool { Wrapped.self is any ProbedOptional.Type }
}

/// The samples of the primitive types.
private enum Primitive {
    static func value<T>(_ type: T.Type, one: Bool) -> T? {
        let value: Any?
        switch type {
        case is Bool.Type: value = one
        case is String.Type: value = one ? "1" : "0"
        case is Double.Type: value = Double(one ? 1 : 0)
        case is Float.Type: value = Float(one ? 1 : 0)
        case let integer as any FixedWidthInteger.Type: value = integer.init(one ? 1 : 0)
        default: value = nil
        }
        return value as? T
    }

    static func kind<T>(_ type: T.Type) -> StoredKind {
        switch type {
        case is Bool.Type: return .boolean
        case is String.Type: return .text
        case is Double.Type, is Float.Type: return .real
        default: return .integer
        }
    }
}

private struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }

    /// Sample keys of a dictionary: none for the sample 0, one for the sample 1.
    var allKeys: [Key] {
        decoder.one ? [Key(stringValue: "1")].compactMap { $0 } : []
    }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    /// The sample for `key`, noting the property at the top level.
    private func value<T: Decodable>(_ type: T.Type, forKey key: Key, optional: Bool) throws -> T {
        guard decoder.top else {
            return try Primitive.value(type, one: decoder.one) ?? decoder.sample(type, one: decoder.one, request: nil)
        }
        if let nested = type as? any ProbedOptional.Type, optional || nested.wrapsOptional {
            throw SQLError(code: .misuse, message: "property \(key.stringValue) is a nested optional (\(optional ? "\(T.self)?" : "\(T.self)")): its column holds NULL or a value, so .some(nil) cannot be told from nil; use one level of optional")
        }
        if let primitive = Primitive.value(type, one: false) {
            let one = try decoder.probe.note(key.stringValue, Primitive.kind(type), optional: optional, type: type)
            return one ? Primitive.value(type, one: true) ?? primitive : primitive
        }
        if let columnType = type as? any SQLColumnValue.Type {
            let one = try decoder.probe.note(key.stringValue, .columnValue(columnType), optional: optional, type: type)
            return try decoder.sample(type, one: one, request: nil)
        }
        let one = try decoder.probe.note(key.stringValue, .json, optional: optional, type: type)
        let request = ProbeRequest()
        let value: T
        do {
            value = try decoder.sample(type, one: one, request: request)
            _ = try decoder.probe.note(key.stringValue, request.kind ?? .json, optional: optional, type: type)
        } catch {
            throw SQLError(code: .misuse, message: "property \(key.stringValue) of type \(T.self) cannot be decoded from sample values (\(error)); make \(T.self) CaseIterable or SQLColumnValue")
        }
        if optional, request.asksForNil {
            throw SQLError(code: .misuse, message: "property \(key.stringValue) is optional, and its type \(T.self) reads NULL as a value of its own (it asks decodeNil()): its column holds NULL or a value, so .some(\(T.self)(nil)) cannot be told from nil; make the property non-optional")
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(type, forKey: key, optional: false)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try value(type, forKey: key, optional: true)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, forKey: key, optional: false) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, forKey: key, optional: false) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, forKey: key, optional: false) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, forKey: key, optional: false) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try value(type, forKey: key, optional: true) }
    // The standard library's own versions of these read the property as required (decodeNil,
    // then decode), so an optional one would be noted as non-optional.
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try value(type, forKey: key, optional: true) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try value(type, forKey: key, optional: true) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try refuseNestedContainer(key)
        return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(decoder: decoder.nested(one: decoder.one)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try refuseNestedContainer(key)
        return ProbeUnkeyedContainer(decoder: decoder.nested(one: decoder.one))
    }

    /// A record's own properties are columns: one decoded through a nested container has none.
    private func refuseNestedContainer(_ key: Key) throws {
        guard decoder.top else { return }
        throw SQLError(code: .misuse, message: "property \(key.stringValue) is decoded through a nested container; decode it as a Decodable value")
    }

    func superDecoder() throws -> any Decoder {
        throw SQLError(code: .misuse, message: "a record's Decodable conformance cannot use superDecoder()")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder()
    }
}

/// An array: empty for the sample 0, one element for the sample 1.
private struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }
    var count: Int? { decoder.one ? 1 : 0 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    init(decoder: ProbeDecoder) {
        self.decoder = decoder
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try Primitive.value(type, one: decoder.one) ?? decoder.sample(type, one: decoder.one, request: nil)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(decoder: decoder.nested(one: decoder.one)))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return ProbeUnkeyedContainer(decoder: decoder.nested(one: decoder.one))
    }

    mutating func superDecoder() throws -> any Decoder {
        throw SQLError(code: .misuse, message: "a record's Decodable conformance cannot use superDecoder()")
    }
}

/// One value: a primitive notes its column type for the property it belongs to.
private struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        decoder.request?.asksForNil = true
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let value = Primitive.value(type, one: decoder.one) {
            if decoder.request?.kind == nil { decoder.request?.kind = .singleValue(Primitive.kind(type).columnType) }
            return value
        }
        return try decoder.sample(type, one: decoder.one, request: decoder.request)
    }
}
