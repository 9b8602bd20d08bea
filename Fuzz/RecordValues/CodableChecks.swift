// Plain `Codable` records of one property, of each type, read from the column `D` declares.
import Foundation
import PortableSQL
import PortableSQLCodable

/// Reads `Box<T, D>` and holds it to `wanted` (`nil`: the read must throw
/// `SQLDecodingError`), `same` comparing two values. A declaration that the property's type
/// cannot be kept in unchanged is refused whatever the value (`SQLITE_MISMATCH`).
func expectBox<T: Codable, D: Declared>(
    _ type: T.Type, _ declared: D.Type, wanted: T?, same: (T, T) -> Bool, _ input: StoredInput, _ stored: SQLValue
) {
    let name = String(describing: Box<T, D>.self)
    if !views.contains(name) {
        do {
            try db.exec(sql: "CREATE VIEW \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\" AS SELECT id, v\(D.index) AS v FROM src")
        } catch {
            fatalError("making the view \(name): \(error)")
        }
        views.insert(name)
    }
    do {
        let records = try db.fetchAll(Box<T, D>.self)
        guard records.count == 1 else { finding("\(records.count) records of \(name)", input, stored) }
        guard let wanted, same(records[0].v, wanted) else {
            finding("\(name) read \(records[0].v), not \(String(describing: wanted))", input, stored)
        }
    } catch is SQLDecodingError {
        guard wanted == nil else { finding("\(name) threw where \(wanted!) was wanted", input, stored) }
    } catch let error as SQLError where error.resultCode == .mismatch && error.message.contains("is declared") {
        // The property's type and the column's declaration disagree (text in a NUMERIC
        // column, say): refused for every value, before any is read.
    } catch {
        finding("\(name) threw \(error)", input, stored)
    }
}

/// Reads `T` and `T?` through plain `Codable` records.
func expectBoth<T: Codable, D: Declared>(
    _ type: T.Type, _ declared: D.Type, wanted: T?, same: @escaping (T, T) -> Bool, _ input: StoredInput, _ stored: SQLValue
) {
    expectBox(T.self, D.self, wanted: stored == .null ? nil : wanted, same: same, input, stored)
    // An optional reads NULL as nil, anything else as the property would.
    let optional: T?? = stored == .null ? .some(nil) : wanted.map { .some($0) }
    expectBox(Optional<T>.self, D.self, wanted: optional ?? nil, same: { left, right in
        switch (left, right) {
        case (nil, nil): return true
        case (let left?, let right?): return same(left, right)
        default: return false
        }
    }, input, stored)
}

/// Every property type a plain `Codable` record reads, from the column `D` declares.
func checkCodable<D: Declared>(_ declared: D.Type, _ input: StoredInput, _ stored: SQLValue) {
    func integers<I: FixedWidthInteger & Codable>(_ type: I.Type) {
        expectBoth(I.self, D.self, wanted: expectedInteger(stored, as: I.self), same: ==, input, stored)
    }
    integers(Int.self); integers(Int8.self); integers(Int16.self); integers(Int32.self); integers(Int64.self)
    integers(UInt.self); integers(UInt8.self); integers(UInt16.self); integers(UInt32.self); integers(UInt64.self)
    expectBoth(Bool.self, D.self, wanted: expectedBool(stored), same: ==, input, stored)
    expectBoth(Double.self, D.self, wanted: expectedDouble(stored), same: { $0.bitPattern == $1.bitPattern }, input, stored)
    expectBoth(Float.self, D.self, wanted: expectedFloat(stored), same: { $0.bitPattern == $1.bitPattern }, input, stored)
    expectBoth(String.self, D.self, wanted: skipText(stored), same: ==, input, stored)
    expectBoth(Data.self, D.self, wanted: skipBlob(stored), same: ==, input, stored)
    expectBoth(UUID.self, D.self, wanted: skipText(stored).flatMap(UUID.init(uuidString:)), same: ==, input, stored)
    expectBoth(URL.self, D.self, wanted: skipText(stored).flatMap { URL(string: $0) }, same: ==, input, stored)
    expectBoth(Date.self, D.self, wanted: Date(sqlValue: stored), same: ==, input, stored)
}
