import Foundation

/// A typed read of a stored value: the one set of conversions behind the column readers, by
/// name (`SQLColumn.longValue(in:)`, …) and by position (`SQLTable.longValue(at:in:)`,
/// …), so that both read a column alike, and as SkipSQL's readers do: each kind reads only its
/// own (an integer is no real, a real no integer). `convert` returns `nil` for a missing value,
/// NULL, or a value of another kind; the `…Required` readers throw then, each its own error.
///
/// Plain `Codable` records read numbers more freely (`StoredNumber`).
@usableFromInline
protocol ColumnConversion {
    /// The Swift type the read gives.
    associatedtype Value
    /// What a failed read expected, in `SQLDecodingError`'s words (`"an integer"`).
    static var expected: String { get }
    /// The value `stored` holds, or `nil`.
    static func convert(_ stored: SQLValue?) -> Value?
}

/// An integer.
@usableFromInline
enum LongConversion: ColumnConversion {
    @usableFromInline static let expected = "an integer"

    @inlinable @inline(__always)
    static func convert(_ stored: SQLValue?) -> Int64? { stored?.longValue }
}

/// A real.
@usableFromInline
enum RealConversion: ColumnConversion {
    @usableFromInline static let expected = "a real"

    @inlinable @inline(__always)
    static func convert(_ stored: SQLValue?) -> Double? { stored?.realValue }
}

/// Text.
@usableFromInline
enum TextConversion: ColumnConversion {
    @usableFromInline static let expected = "text"

    @inlinable @inline(__always)
    static func convert(_ stored: SQLValue?) -> String? { stored?.textValue }
}

/// Bytes.
@usableFromInline
enum BlobConversion: ColumnConversion {
    @usableFromInline static let expected = "a blob"

    @inlinable @inline(__always)
    static func convert(_ stored: SQLValue?) -> Data? { stored?.blobValue }
}
