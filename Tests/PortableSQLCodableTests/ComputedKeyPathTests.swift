import Foundation
import PortableSQLCodable
import Testing

/// Computed properties that agree with a stored one on the probe's samples 0 and 1.
private struct Lookalikes: Codable, SQLCodable {
    var id: Int?
    var price: Int
    var name: String
    var capped: Int { min(price, 100) }
    var magnitude: Int { abs(price) }
    var shout: String { name.uppercased() }
    var trimmed: String { name.trimmingCharacters(in: .whitespaces) }
    var settable: Int {
        get { abs(price) }
        set { price = newValue }
    }
}

/// A struct record whose stored properties have observers: key paths to them read through
/// accessors, as a computed property's do, so they read no column.
private struct Observed: Codable, SQLCodable {
    var id: Int?
    var price: Int = 0 { didSet { changes += 1 } }
    var label: String? = nil { willSet { changes += 1 } }
    var changes = 0
}

/// Computed properties, with setters or not, that agree with a stored one on every sample a
/// probe could try but one.
private struct Settable: Codable, SQLCodable {
    var id: Int?
    var price: Int
    var tax: Int
    var discount: Int?
    var total: Int {
        get { price + tax }
        set { price = newValue - tax }
    }
    var wideCap: Int {
        get { min(price, 1_000_000) }
        set { price = newValue }
    }
    var discountOrZero: Int { discount ?? 0 }
    var alias: Int {
        get { price }
        set { price = newValue }
    }
    var skip42: Int {
        get { price == 42 ? 0 : price }
        set { price = newValue }
    }
    var capReadOnly: Int { min(price, 2_000_000_000) }
    var maybe: Int? {
        get { discount == 5 ? nil : discount }
        set { discount = newValue }
    }
}

/// A record class that is not final: key paths to its `var`s read through accessors, since a
/// subclass may override them; its `let` is read directly.
private class OpenRecord: Codable, SQLCodable {
    var id: Int?
    var price: Int = 0
    let code: String

    init(price: Int, code: String) {
        self.price = price
        self.code = code
    }
}

/// A stored property that is no column, set from one by `init(from:)`.
private struct Shadowed: Codable, SQLCodable {
    var id: Int?
    var price: Int
    var shown: Int

    enum CodingKeys: String, CodingKey { case id, price }

    init(price: Int) {
        self.price = price
        shown = price == 42 ? 0 : price
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        price = try container.decode(Int.self, forKey: .price)
        shown = price == 42 ? 0 : price
    }
}

/// A property stored under another coding key: its column is that key's.
private struct Renamed: Codable, SQLCodable {
    var id: Int?
    var price: Int

    enum CodingKeys: String, CodingKey {
        case id
        case price = "cost"
    }
}

/// A class record with a computed property that agrees with its stored one on the samples.
private final class LookalikeClass: Codable, SQLCodable {
    var id: Int?
    var price: Int = 0
    var capped: Int { min(price, 100) }
}

/// A key path reads a column only when its values are a stored property's own, also when a
/// computed property gives the same values on the schema probe's samples.
@Suite struct ComputedKeyPathTests {
    @Test func computedPropertiesThatMatchTheSamplesReadNoColumn() {
        #expect(Lookalikes.column(for: \Lookalikes.capped) == nil)
        #expect(Lookalikes.column(for: \Lookalikes.magnitude) == nil)
        #expect(Lookalikes.column(for: \Lookalikes.shout) == nil)
        #expect(Lookalikes.column(for: \Lookalikes.trimmed) == nil)
        #expect(Lookalikes.column(for: \Lookalikes.settable) == nil)
        #expect(LookalikeClass.column(for: \LookalikeClass.capped) == nil)
        #expect(Lookalikes.column(for: \Lookalikes.price)?.name == "price")
        #expect(Lookalikes.column(for: \Lookalikes.name)?.name == "name")
        #expect(LookalikeClass.column(for: \LookalikeClass.price)?.name == "price")
    }

    /// An observer may change what is read from what is stored; a key path through it reads
    /// no column, and the query says how to name the column instead.
    @Test func observedStoredPropertiesReadNoColumn() throws {
        #expect(Observed.column(for: \Observed.price) == nil)
        #expect(Observed.column(for: \Observed.label) == nil)
        #expect(Observed.column(for: \Observed.changes)?.name == "changes")
        let context = SQLContext()
        try context.insert(Observed(price: 20))
        let error = #expect(throws: SQLError.self) { try context.query(Observed.self).where(\.price == 20).eval().load() }
        #expect(error?.resultCode == .misuse && error?.message.contains("didSet") == true && error?.message.contains("identifier:") == true, "\(String(describing: error))")
        #expect(try context.query(Observed.self).where("\(identifier: "price") = \(20)").eval().load().map(\.price) == [20])
    }

    @Test func computedPropertiesWithSettersReadNoColumn() throws {
        for keyPath: PartialKeyPath<Settable> in [\.total, \.wideCap, \.discountOrZero, \.alias, \.skip42, \.capReadOnly, \.maybe] {
            #expect(Settable.column(for: keyPath) == nil, "\(keyPath)")
        }
        let context = SQLContext()
        try context.insert(Settable(price: 20, tax: 5, discount: nil))
        try context.insert(Settable(price: 15, tax: 5, discount: 1))
        let error = #expect(throws: SQLError.self) { try context.query(Settable.self).where(\.total == 20).eval().load() }
        #expect(error?.resultCode == .misuse)
        #expect(throws: SQLError.self) { try context.query(Settable.self).orderBy(\.wideCap).eval().load() }
        #expect(throws: SQLError.self) { try context.query(Settable.self).where(\.discountOrZero == 0).eval().load() }
    }

    @Test func aClassThatIsNotFinalHasColumnsOnlyForItsLets() throws {
        #expect(OpenRecord.column(for: \OpenRecord.price) == nil)
        #expect(OpenRecord.column(for: \OpenRecord.code)?.name == "code")
        let context = SQLContext()
        try context.insert(OpenRecord(price: 150, code: "a"))
        try context.insert(OpenRecord(price: 50, code: "b"))
        #expect(try context.query(OpenRecord.self).where(\.code == "a").eval().load().map(\.price) == [150])
        #expect(throws: SQLError.self) { try context.query(OpenRecord.self).where(\.price > 60).eval().load() }
    }

    /// When a column moves two stored properties (one set from the other in `init(from:)`),
    /// which one it was decoded into cannot be told: neither reads it. A property stored under
    /// another coding key reads that key's column.
    @Test func aStoredPropertySetFromAColumnIsNotThatColumn() throws {
        #expect(Shadowed.column(for: \Shadowed.shown) == nil)
        #expect(Shadowed.column(for: \Shadowed.price) == nil)
        #expect(Renamed.column(for: \Renamed.price)?.name == "cost")
        let context = SQLContext()
        try context.insert(Shadowed(price: 42))
        try context.insert(Shadowed(price: 7))
        #expect(throws: SQLError.self) { try context.query(Shadowed.self).where(\.shown == 42).eval().load() }
        #expect(try context.query(Shadowed.self).where("\(identifier: "price") = \(42)").eval().load().map(\.shown) == [0])
        try context.insert(Renamed(price: 3))
        #expect(try context.query(Renamed.self).where(\.price == 3).eval().load().count == 1)
    }
}
