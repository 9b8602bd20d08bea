import Foundation

/// The conversions of a stored value that a record's typed reads make, shared by the column
/// readers (`SQLColumn.longValue(in:)`, …) and `SQLRecordLayout`'s (`longValue(at:in:)`, …), so
/// that reading a column by name or by position gives the same value. Each returns `nil` for a
/// missing value, NULL, or a value of another kind; the `…Required` readers throw then.
@usableFromInline
enum ColumnConversion {
    /// The integer in `value`; a real with an integral value is accepted too.
    @inlinable @inline(__always)
    static func long(_ value: SQLValue?) -> Int64? {
        switch value {
        case .long(let value)?: return value
        case .real(let value)?: return Int64(exactly: value)
        default: return nil
        }
    }

    /// The number in `value` as a double (integers are widened).
    @inlinable @inline(__always)
    static func real(_ value: SQLValue?) -> Double? {
        value?.realValue
    }

    /// The text in `value`.
    @inlinable @inline(__always)
    static func text(_ value: SQLValue?) -> String? {
        value?.textValue
    }

    /// The bytes in `value`.
    @inlinable @inline(__always)
    static func blob(_ value: SQLValue?) -> Data? {
        value?.blobValue
    }
}
