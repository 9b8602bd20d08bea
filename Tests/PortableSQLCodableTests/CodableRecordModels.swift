import Foundation
import PortableSQLCodable

/// The plain `Codable` records of the tests.
enum Priority: String, Codable, CaseIterable, SQLColumnValue {
    case low, normal, high
}

/// An enum with raw values that the schema probe's samples are not, and not `CaseIterable`.
enum Mood: String, Codable {
    case happy, sad
}

/// An integer enum: the probe's sample 0 is one of its raw values.
enum Level: Int, Codable {
    case zero, one, two
}

struct Address: Codable, Equatable {
    var street: String
    var city: String
}

struct Note: Codable, Equatable, SQLCodable {
    var id = UUID()
    var title: String
    var body: String?
    var priority: Priority = .normal
    var level: Level = .zero
    var tags: [String] = []
    var address: Address?
    var created = Date(timeIntervalSince1970: 1_700_000_000.25)
    var rating: Double = 0
    var pinned = false
}

/// A record with an integer key the database assigns when it is `nil`.
struct Counter: Codable, Equatable, SQLCodable {
    static let tableName = "counters"
    var id: Int?
    var name: String
    var count: Int
}

/// The same table as `Counter`, with one property more: a later version of the type.
struct CounterV2: Codable, Equatable, SQLCodable {
    static let tableName = "counters"
    var id: Int?
    var name: String
    var count: Int
    var unit: String?
}

/// A record with a `String` key and coding keys that rename the columns.
struct Setting: Codable, Equatable, SQLCodable {
    var id: String
    var value: String
    enum CodingKeys: String, CodingKey {
        case id
        case value = "setting_value"
    }
}

struct Moody: Codable, SQLCodable {
    var id = UUID()
    var mood: Mood
}

/// People for the query tests: cities to group by, ages to compare.
struct Person: Codable, Equatable, SQLCodable {
    var id: Int?
    var name: String
    var city: String
    var age: Int
    var nickname: String?
    var priority: Priority = .normal
}

/// Pets, owned by people, for subqueries.
struct Pet: Codable, Equatable, SQLCodable {
    var id: Int?
    var ownerID: Int
    var kind: String
}
