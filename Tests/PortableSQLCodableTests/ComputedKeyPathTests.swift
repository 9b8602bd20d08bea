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
}
