import Foundation

/// A value as SQLite stores it: NULL, a 64-bit integer, a double, UTF-8 text or a blob.
///
/// Values are always bound as parameters, never spliced into SQL text. Literals work too:
/// `[1, 2.5, "text", nil]` is an array of `SQLValue`.
public enum SQLValue: Hashable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer (SQLite's INTEGER).
    case long(Int64)
    /// A double (SQLite's REAL).
    case real(Double)
    /// Text (SQLite's TEXT), stored as UTF-8.
    case text(String)
    /// Bytes (SQLite's BLOB).
    case blob(Data)

    /// An integer value: the same as `.long(value)`.
    @inlinable
    public static func integer(_ value: Int64) -> SQLValue {
        .long(value)
    }

    /// The integer, when this is `.long`; `nil` otherwise.
    public var longValue: Int64? {
        if case .long(let value) = self { return value }
        return nil
    }

    /// The double, when this is `.real`; `nil` otherwise (an integer too, as in SkipSQL).
    public var realValue: Double? {
        if case .real(let value) = self { return value }
        return nil
    }

    /// The text, when this is `.text`; `nil` otherwise.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes, when this is `.blob`; `nil` otherwise.
    public var blobValue: Data? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension SQLValue {
    /// An integer value.
    @inlinable public init(_ value: Int) { self = .long(Int64(value)) }
    /// An integer value.
    @inlinable public init(_ value: Int64) { self = .long(value) }
    /// A real value.
    @inlinable public init(_ value: Double) { self = .real(value) }
    /// A text value.
    @inlinable public init(_ value: String) { self = .text(value) }
    /// A blob value.
    @inlinable public init(_ value: Data) { self = .blob(value) }
    /// `1` for true and `0` for false, as SQLite stores booleans.
    @inlinable public init(_ value: Bool) { self = .long(value ? 1 : 0) }

    /// An integer value, or `.null` for `nil`.
    @inlinable public init(_ value: Int?) { self = value.map { SQLValue($0) } ?? .null }
    /// An integer value, or `.null` for `nil`.
    @inlinable public init(_ value: Int64?) { self = value.map { SQLValue($0) } ?? .null }
    /// A real value, or `.null` for `nil`.
    @inlinable public init(_ value: Double?) { self = value.map { SQLValue($0) } ?? .null }
    /// A text value, or `.null` for `nil`.
    @inlinable public init(_ value: String?) { self = value.map { SQLValue($0) } ?? .null }
    /// A blob value, or `.null` for `nil`.
    @inlinable public init(_ value: Data?) { self = value.map { SQLValue($0) } ?? .null }
    /// `1`, `0`, or `.null` for `nil`.
    @inlinable public init(_ value: Bool?) { self = value.map { SQLValue($0) } ?? .null }
}

extension SQLValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// An integer literal is `.long`.
    public init(integerLiteral value: Int64) { self = .long(value) }
    /// A floating-point literal is `.real`.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// A string literal is `.text`.
    public init(stringLiteral value: String) { self = .text(value) }
    /// `true` is `.long(1)` and `false` is `.long(0)`.
    public init(booleanLiteral value: Bool) { self = .long(value ? 1 : 0) }
}

extension SQLValue: CustomStringConvertible {
    /// The value as SkipSQL prints it: a number as Swift prints it, text as it is (no quotes),
    /// a blob as `Data` prints it (`3 bytes`), `null`. For a SQL literal, see `sqlLiteral`.
    public var description: String {
        switch self {
        case .null: "null"
        case .long(let value): value.description
        case .real(let value): value.description
        case .text(let value): value
        case .blob(let value): value.description
        }
    }

    /// The value as a SQL literal: `NULL`, `42`, `1.5`, `'it''s'`, `x'0A0B'` (infinities as
    /// `9e999`, which SQLite reads as infinity; NaN as `NULL`, as SQLite stores it).
    public var sqlLiteral: String {
        switch self {
        case .null: return "NULL"
        case .long(let value): return String(value)
        case .real(let value) where value.isNaN: return "NULL"
        case .real(let value) where value.isInfinite: return value < 0 ? "-9e999" : "9e999"
        case .real(let value): return String(value)
        case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let value): return "x'" + value.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}
