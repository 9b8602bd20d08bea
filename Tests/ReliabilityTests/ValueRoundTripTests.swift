import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Generated values of every kind go in and come back out unchanged, on both engines.
@Suite struct ValueRoundTripTests {
    /// Values that are easy to get wrong, then `count` generated ones.
    static func values(count: Int, seed: UInt64) -> [SQLValue] {
        var random = SeededGenerator(seed: seed)
        var values: [SQLValue] = [
            .null, .long(0), .long(1), .long(-1), .long(.max), .long(.min), .long(Int64(Int32.max) + 1),
            .real(0), .real(-0.0), .real(.infinity), .real(-.infinity), .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude),
            .real(-.leastNormalMagnitude), .real(1e308), .real(.leastNormalMagnitude), .real(0.1 + 0.2),
            .text(""), .text("\u{0}"), .text("a\u{0}b\u{0}"), .text("'; DROP TABLE t; --"), .text(String(repeating: "é", count: 100_000)),
            .text(String(repeating: "x", count: 3 << 20)), .blob(Data()), .blob(Data([0])), .blob(Data(repeating: 0xFF, count: 3 << 20)),
        ]
        // One scalar from every Unicode plane, and the edges of the BMP around the surrogates.
        let planes = (0...16).compactMap { Unicode.Scalar(UInt32($0) << 16 | 0x41) }
        values.append(.text(String(String.UnicodeScalarView(planes))))
        values.append(.text(String(String.UnicodeScalarView([Unicode.Scalar(0xD7FF)!, Unicode.Scalar(0xE000)!, Unicode.Scalar(0xFFFD)!, Unicode.Scalar(0x10FFFF)!]))))
        for _ in 0..<count {
            switch random.next() % 5 {
            case 0:
                values.append(.long(Int64(bitPattern: random.next())))
            case 1:
                // Any bit pattern but NaN (SQLite stores NaN as NULL; tested on its own).
                var double = Double(bitPattern: random.next())
                if double.isNaN { double = Double(Int64(bitPattern: random.next())) }
                values.append(.real(double))
            case 2:
                let length = Int(random.next() % 64)
                let scalars = (0..<length).map { _ -> Unicode.Scalar in
                    let raw = UInt32(random.next() % 0x11_0000)
                    return Unicode.Scalar(raw) ?? Unicode.Scalar(UInt32(random.next() % 0xD800))!
                }
                values.append(.text(String(String.UnicodeScalarView(scalars))))
            case 3:
                values.append(.blob(Data((0..<Int(random.next() % 256)).map { _ in UInt8(truncatingIfNeeded: random.next()) })))
            default:
                values.append(.null)
            }
        }
        return values
    }

    @Test(arguments: ["platform", "plus"])
    func valuesComeBackUnchanged(engine: String) throws {
        let seed = testSeed()
        let values = Self.values(count: 2_000 * soakFactor(), seed: seed)
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("values-\(engine).db"), configuration: engine == "plus" ? .plus : .platform)
        if engine == "plus" { try context.key("values") }
        try context.exec(sql: "CREATE TABLE value (id INTEGER PRIMARY KEY, v)")
        let insert = try context.prepare(sql: "INSERT INTO value (id, v) VALUES (?, ?)")
        try context.transaction {
            for (index, value) in values.enumerated() {
                try insert.update(parameters: [.long(Int64(index)), value])
            }
        }
        let read = try context.prepare(sql: "SELECT v FROM value ORDER BY id")
        var index = 0
        while try read.next() {
            let value = read.value(at: 0)
            #expect(value == values[index], "seed \(seed), value \(index)")
            if case .real(let expected) = values[index], case .real(let actual) = value {
                #expect(expected.bitPattern == actual.bitPattern, "seed \(seed), value \(index): sign or bits changed")
            }
            index += 1
        }
        #expect(index == values.count)
        // NaN has no SQLite representation: it is stored as NULL.
        #expect(try context.selectAll(sql: "SELECT ?", parameters: [.real(.nan)]) == [[.null]])
        print("value round trip \(engine): \(values.count) values, seed \(seed)")
    }
}
