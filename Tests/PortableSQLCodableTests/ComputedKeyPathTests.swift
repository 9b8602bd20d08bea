import Foundation
import PortableSQLCodable
import Testing

/// Computed properties that agree with a stored one on the probe's samples 0 and 1.
private struct Lookalikes: Codable, SQLCodableRecord {
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
/// accessors, as a computed property's do, and they are still columns.
private struct Observed: Codable, SQLCodableRecord {
    var id: Int?
    var price: Int = 0 { didSet { changes += 1 } }
    var label: String? = nil { willSet { changes += 1 } }
    var changes = 0
}

/// Computed properties with setters that agree with a stored one wherever the other stored
/// properties are 0, or up to a bound far from the probe's first samples.
private struct Settable: Codable, SQLCodableRecord {
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
    var quantity: Int = 0 { didSet { quantity = max(quantity, 0) } }
}

/// A record class that is not final: key paths to its stored properties read through
/// accessors, since a subclass may override them.
private class OpenRecord: Codable, SQLCodableRecord {
    var id: Int?
    var price: Int = 0
    var capped: Int { min(price, 100) }

    init(price: Int) {
        self.price = price
    }
}

/// A class record with a computed property that agrees with its stored one on the samples.
private final class LookalikeClass: Codable, SQLCodableRecord {
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

    @Test func observedStoredPropertiesAreColumns() {
        #expect(Observed.column(for: \Observed.price)?.name == "price")
        #expect(Observed.column(for: \Observed.label)?.name == "label")
    }

    @Test func computedPropertiesWithSettersReadNoColumn() throws {
        #expect(Settable.column(for: \Settable.total) == nil)
        #expect(Settable.column(for: \Settable.wideCap) == nil)
        #expect(Settable.column(for: \Settable.discountOrZero) == nil)
        let context = SQLContext()
        try context.insert(Settable(price: 20, tax: 5, discount: nil))
        try context.insert(Settable(price: 15, tax: 5, discount: 1))
        let error = #expect(throws: SQLError.self) { try context.query(Settable.self).where(\.total == 20).eval().load() }
        #expect(error?.resultCode == .misuse)
        #expect(throws: SQLError.self) { try context.query(Settable.self).orderBy(\.wideCap).eval().load() }
        #expect(throws: SQLError.self) { try context.query(Settable.self).where(\.discountOrZero == 0).eval().load() }
    }

    /// An alias of a stored property (a getter that reads it as it is) gives the column's
    /// value in every instance, so it reads the column; a `didSet` that changes what is
    /// assigned does not change what is read.
    @Test func anAliasAndAClampingObserverReadTheirColumns() throws {
        #expect(Settable.column(for: \Settable.alias)?.name == "price")
        #expect(Settable.column(for: \Settable.quantity)?.name == "quantity")
        let context = SQLContext()
        var item = Settable(price: 20, tax: 5, discount: nil)
        item.quantity = 3
        try context.insert(item)
        try context.insert(Settable(price: 7, tax: 5, discount: nil))
        #expect(try context.query(Settable.self).where(\.alias == 20).eval().load().map(\.price) == [20])
        #expect(try context.query(Settable.self).where(\.quantity == 3).eval().load().map(\.price) == [20])
    }

    @Test func aClassThatIsNotFinalHasColumnsAndItsComputedPropertyReadsNone() throws {
        #expect(OpenRecord.column(for: \OpenRecord.price)?.name == "price")
        #expect(OpenRecord.column(for: \OpenRecord.capped) == nil)
        let context = SQLContext()
        try context.insert(OpenRecord(price: 150))
        try context.insert(OpenRecord(price: 50))
        #expect(try context.query(OpenRecord.self).where(\.price > 60).eval().load().map(\.price) == [150])
        #expect(throws: SQLError.self) { try context.query(OpenRecord.self).where(\.capped == 100).eval().load() }
    }
}
