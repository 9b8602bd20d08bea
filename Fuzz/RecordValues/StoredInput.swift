// What one input stores: a column declaration and a value, written to that column so that
// SQLite applies the column's affinity as it would to any application's value.
import Foundation
import PortableSQL

/// The declared types a column may have, one per affinity SQLite gives.
let declarations = ["", "INTEGER", "REAL", "TEXT", "BLOB", "NUMERIC"]

/// Integers at the edges of every Swift integer type and of a double's exact range.
let edgeIntegers: [Int64] = [
    0, 1, -1, 2, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
    Int64(Int32.max), Int64(Int32.max) + 1, Int64(Int32.min), Int64(Int32.min) - 1, Int64(UInt32.max), Int64(UInt32.max) + 1,
    1 << 53, (1 << 53) + 1, -(1 << 53) - 1, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1,
]

/// Reals at the edges of `Float`, of the integers, and of a double.
let edgeReals: [Double] = [
    0, -0.0, 1, -1, 0.5, 2.5, 3, 1e-50, -1e-50, Double.leastNonzeroMagnitude * 3, Double(Float.greatestFiniteMagnitude),
    Double(Float.greatestFiniteMagnitude) * 1.0000001, 3.4028235677973366e38, 1e39, -1e39, Double(Float.leastNonzeroMagnitude),
    Double(Float.leastNonzeroMagnitude) / 3, 9.2233720368547758e18, -9.2233720368547758e18, 9007199254740994, 1e300,
    .greatestFiniteMagnitude, .infinity, -.infinity, .nan, 255, 256, -129, 4294967295, 4294967296,
]

/// One input: the column's declaration and the value written to it.
struct StoredInput {
    /// Index in `declarations`.
    let declaration: Int
    /// The SQL expression written (`?`, or `CAST(? AS TEXT)` for text that may not be UTF-8).
    let expression: String
    /// The parameter bound to `expression`.
    let parameter: SQLValue

    /// Reads `bytes`: the declaration, the kind of value, then the value (an edge value, or
    /// the bytes that follow).
    init(_ bytes: [UInt8]) {
        var rest = bytes[...]
        func next() -> UInt8 { rest.popFirst() ?? 0 }
        declaration = Int(next()) % declarations.count
        let kind = next() % 6
        let pick = next()
        func eight() -> [UInt8] { let taken = Array(rest.prefix(8)); rest = rest.dropFirst(8); return taken + Array(repeating: 0, count: 8 - taken.count) }
        expression = kind == 4 ? "CAST(? AS TEXT)" : "?"
        switch kind {
        case 0: parameter = .null
        case 1:
            let raw = eight().withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }
            parameter = .long(pick < 128 ? edgeIntegers[Int(pick) % edgeIntegers.count] : raw)
        case 2:
            let raw = eight().withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            parameter = .real(pick < 128 ? edgeReals[Int(pick) % edgeReals.count] : Double(bitPattern: raw))
        case 3: parameter = .text(String(decoding: rest, as: UTF8.self))
        case 4: parameter = .blob(Data(rest))
        default: parameter = .blob(Data(rest))
        }
    }
}
