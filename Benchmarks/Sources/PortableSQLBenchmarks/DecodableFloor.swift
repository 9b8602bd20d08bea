/// The floor of any record API built on `Decodable`: the benchmark's `Codable` struct decoded
/// from values already in memory, with no database and no look-up of keys. What it costs is the
/// standard library's part of decoding (its keyed container, called for each property through
/// unspecialized generic code), which a `Codable` record pays on top of reading its row.
enum DecodableFloor {
    /// Decodes one `PlainCodableBenchRecord` per element of `records`, each from that element's values.
    static func decode(_ records: [BenchRecord]) throws -> Int64 {
        let decoder = MemoryDecoder()
        var checksum: Int64 = 0
        for record in records {
            decoder.load(record)
            checksum &+= try PlainCodableBenchRecord(from: decoder).sum
        }
        return checksum
    }
}

/// Hands out the ten values of one record, in order, whatever the key.
private final class MemoryDecoder: Decoder {
    /// The values, then the position of the next one: memory the containers reach without
    /// reference counting.
    let values = UnsafeMutablePointer<Int>.allocate(capacity: 11)

    deinit {
        values.deallocate()
    }

    func load(_ record: BenchRecord) {
        (values[0], values[1], values[2], values[3], values[4]) = (record.c0, record.c1, record.c2, record.c3, record.c4)
        (values[5], values[6], values[7], values[8], values[9]) = (record.c5, record.c6, record.c7, record.c8, record.c9)
        values[10] = 0
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(MemoryContainer<Key>(values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw MemoryDecoderRefusal() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw MemoryDecoderRefusal() }
}

private struct MemoryDecoderRefusal: Error {}

private struct MemoryContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let values: UnsafeMutablePointer<Int>
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let next = values[10]
        values[10] = next + 1
        return values[next]
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw MemoryDecoderRefusal() }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> { throw MemoryDecoderRefusal() }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw MemoryDecoderRefusal() }
    func superDecoder() throws -> any Decoder { throw MemoryDecoderRefusal() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw MemoryDecoderRefusal() }
}
