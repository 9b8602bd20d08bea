import PortableSQL

/// How a plain `Codable` record reads a number: from either kind SQLite may have stored it as.
///
/// A column of NUMERIC affinity (a `DECIMAL` or untyped column, say) stores `3.0` as the integer
/// 3, and a REAL-affinity column stores 3 as 3.0; a `Double` property reads both, and an
/// integer property reads a real that holds an integer exactly. The column readers that
/// SkipSQL has (`SQLColumn.realValue(in:)`, …) keep SkipSQL's rule: each kind reads only its own.
enum StoredNumber {
    /// The integer `stored` holds: an integer, or a real with an integral value in `Int64`'s range.
    @inline(__always)
    static func integer(_ stored: SQLValue) -> Int64? {
        switch stored {
        case .long(let value): return value
        case .real(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// The number `stored` holds as a double: a real, or an integer converted to the nearest double
    /// (exactly up to 2^53), as `sqlite3_column_double` converts it.
    @inline(__always)
    static func real(_ stored: SQLValue) -> Double? {
        switch stored {
        case .real(let value): return value
        case .long(let value): return Double(value)
        default: return nil
        }
    }
}
