// What each read must give, written from the documented rules rather than from the readers:
// SkipSQL's readers read a kind only as itself; plain `Codable` records read a number from
// either kind, exactly or not at all (CodableRecords.md).
import Foundation
import PortableSQL

/// The integer a `Codable` integer property reads from `stored`, or `nil` for an error.
func expectedInteger<I: FixedWidthInteger>(_ stored: SQLValue, as type: I.Type) -> I? {
    switch stored {
    case .long(let integer): return I(exactly: integer)
    case .real(let real):
        // Integral and inside Int64's range: [-2^63, 2^63).
        guard real.isFinite, real == real.rounded(.towardZero), real >= -0x1p63, real < 0x1p63 else { return nil }
        return I(exactly: Int64(real))
    default: return nil
    }
}

/// The double a `Codable` `Double` reads from `stored` (an integer as `sqlite3_column_double`
/// converts it), or `nil`.
func expectedDouble(_ stored: SQLValue) -> Double? {
    switch stored {
    case .real(let real): return real
    case .long(let integer): return Double(integer)
    default: return nil
    }
}

/// The `Float` a `Codable` `Float` reads: the nearest one, unless a finite double would become
/// an infinity or a nonzero one 0.
func expectedFloat(_ stored: SQLValue) -> Float? {
    guard let real = expectedDouble(stored) else { return nil }
    let float = Float(real)
    if real.isFinite && float.isInfinite { return nil }
    if real != 0 && float == 0 { return nil }
    return float
}

/// The `Bool` a `Codable` `Bool` reads: SQLite's truth of an integer.
func expectedBool(_ stored: SQLValue) -> Bool? {
    expectedInteger(stored, as: Int64.self).map { $0 != 0 }
}

/// What SkipSQL's `longValue` reads.
func skipLong(_ stored: SQLValue) -> Int64? {
    if case .long(let integer) = stored { return integer }
    return nil
}

/// What SkipSQL's `realValue` reads.
func skipReal(_ stored: SQLValue) -> Double? {
    if case .real(let real) = stored { return real }
    return nil
}

/// What SkipSQL's `textValue` reads.
func skipText(_ stored: SQLValue) -> String? {
    if case .text(let text) = stored { return text }
    return nil
}

/// What SkipSQL's `blobValue` reads.
func skipBlob(_ stored: SQLValue) -> Data? {
    if case .blob(let bytes) = stored { return bytes }
    return nil
}

/// Whether two optional doubles are the same value, bit for bit (so -0.0 is not 0.0).
func same(_ left: Double?, _ right: Double?) -> Bool {
    left?.bitPattern == right?.bitPattern
}

/// Whether two optional floats are the same value, bit for bit.
func same(_ left: Float?, _ right: Float?) -> Bool {
    left?.bitPattern == right?.bitPattern
}
