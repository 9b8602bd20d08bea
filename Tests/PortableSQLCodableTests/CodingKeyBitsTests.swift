import PortableSQLCodable
import Testing

/// A record whose coding key is a one-byte struct, not an enum, and whose `init(from:)` reads
/// its properties in the reverse of their column order.
struct ReversedReader: Codable, Equatable, SQLCodable {
    var id: Int
    var first: String
    var second: Int

    struct Key: CodingKey {
        static let names = ["id", "first", "second"]
        let index: UInt8
        init(_ index: UInt8) { self.index = index }
        init?(stringValue: String) {
            guard let index = Self.names.firstIndex(of: stringValue) else { return nil }
            self.index = UInt8(index)
        }
        init?(intValue: Int) { nil }
        var stringValue: String { Self.names[Int(index)] }
        var intValue: Int? { nil }
    }

    init(id: Int, first: String, second: Int) {
        (self.id, self.first, self.second) = (id, first, second)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        second = try container.decode(Int.self, forKey: Key(2))
        first = try container.decode(String.self, forKey: Key(1))
        id = try container.decode(Int.self, forKey: Key(0))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: Key(0))
        try container.encode(first, forKey: Key(1))
        try container.encode(second, forKey: Key(2))
    }
}

/// A record that reads its properties through containers of two key types, in turn.
struct TwoKeyTypes: Codable, Equatable, SQLCodable {
    var id: Int
    var left: Int
    var right: Int

    enum CodingKeys: String, CodingKey { case id, left, right }
    enum OtherKeys: String, CodingKey { case right, left }

    init(id: Int, left: Int, right: Int) {
        (self.id, self.left, self.right) = (id, left, right)
    }

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        id = try keys.decode(Int.self, forKey: .id)
        let others = try decoder.container(keyedBy: OtherKeys.self)
        right = try others.decode(Int.self, forKey: .right)
        left = try keys.decode(Int.self, forKey: .left)
    }
}

/// The coders recognize a column's key by its bits once found by name: whatever the order or the
/// key type, each property reads its own column.
@Suite struct CodingKeyBitsTests {
    @Test func propertiesReadInAnotherOrderThanTheColumnsReadTheirOwn() throws {
        let context = SQLContext()
        let records = (1...4).map { ReversedReader(id: $0, first: "f\($0)", second: $0 * 10) }
        for record in records { try context.insert(record) }
        #expect(try context.query(ReversedReader.self).orderBy(\.id).eval().load() == records)
    }

    @Test func keysOfTwoTypesInOneRecordReadTheirOwnColumns() throws {
        let context = SQLContext()
        let records = (1...4).map { TwoKeyTypes(id: $0, left: $0 * 10, right: $0 * 100) }
        for record in records { try context.insert(record) }
        #expect(try context.query(TwoKeyTypes.self).orderBy(\.id).eval().load() == records)
    }
}
