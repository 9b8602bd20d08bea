import Foundation

/// A Swift type stored in one column: how `@SQLRecord` records store it, and the raw values of
/// the `RawRepresentable` enums they store.
///
/// PortableSQL makes `Int`, `Int64`, `Int32`, `Double`, `Bool`, `String`, `Data`, `Date`, `UUID`
/// and `URL` conform; conform a type of your own to store it too.
public protocol SQLColumnValue {
    /// The column type it is declared with.
    static var sqlType: SQLType { get }
    /// What the column holds for it.
    var sqlValue: SQLValue { get }
    /// It, read back from what the column holds; `nil` when the value cannot be one.
    init?(sqlValue: SQLValue)
}

extension Int64: SQLColumnValue {
    /// `INTEGER`.
    public static var sqlType: SQLType { .long }
    /// The integer.
    public var sqlValue: SQLValue { .long(self) }
    /// An integer value.
    public init?(sqlValue: SQLValue) {
        guard case .long(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Int: SQLColumnValue {
    /// `INTEGER`.
    public static var sqlType: SQLType { .long }
    /// The integer.
    public var sqlValue: SQLValue { .long(Int64(self)) }
    /// An integer value that fits.
    public init?(sqlValue: SQLValue) {
        guard case .long(let value) = sqlValue, let fitting = Int(exactly: value) else { return nil }
        self = fitting
    }
}

extension Int32: SQLColumnValue {
    /// `INTEGER`.
    public static var sqlType: SQLType { .long }
    /// The integer.
    public var sqlValue: SQLValue { .long(Int64(self)) }
    /// An integer value that fits in 32 bits.
    public init?(sqlValue: SQLValue) {
        guard case .long(let value) = sqlValue, let fitting = Int32(exactly: value) else { return nil }
        self = fitting
    }
}

extension Double: SQLColumnValue {
    /// `REAL`.
    public static var sqlType: SQLType { .real }
    /// The number.
    public var sqlValue: SQLValue { .real(self) }
    /// A real or integer value (as a `Double` property of a `Codable` record reads it: a
    /// NUMERIC column stores `3.0` as the integer 3).
    public init?(sqlValue: SQLValue) {
        guard let value = StoredNumber.real(sqlValue) else { return nil }
        self = value
    }
}

extension Bool: SQLColumnValue {
    /// `INTEGER`: 1 or 0.
    public static var sqlType: SQLType { .long }
    /// 1 or 0.
    public var sqlValue: SQLValue { .long(self ? 1 : 0) }
    /// An integer value: false for 0, true otherwise.
    public init?(sqlValue: SQLValue) {
        guard case .long(let value) = sqlValue else { return nil }
        self = value != 0
    }
}

extension String: SQLColumnValue {
    /// `TEXT`.
    public static var sqlType: SQLType { .text }
    /// The text.
    public var sqlValue: SQLValue { .text(self) }
    /// A text value.
    public init?(sqlValue: SQLValue) {
        guard case .text(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Data: SQLColumnValue {
    /// `BLOB`.
    public static var sqlType: SQLType { .blob }
    /// The bytes.
    public var sqlValue: SQLValue { .blob(self) }
    /// A blob value.
    public init?(sqlValue: SQLValue) {
        guard case .blob(let value) = sqlValue else { return nil }
        self = value
    }
}

extension Date: SQLColumnValue {
    /// `REAL`: seconds since 1970, which keeps the date to the microsecond and sorts by time.
    public static var sqlType: SQLType { .real }
    /// Seconds since 1970.
    public var sqlValue: SQLValue { .real(timeIntervalSince1970) }
    /// Seconds since 1970 (also as text, which is how a TEXT column stores a number), or ISO-8601
    /// text: `2024-05-01T12:30:00Z`, with or without fractional seconds, or SQLite's
    /// `2024-05-01 12:30:00`, read as UTC. (`SQLColumn.dateValue(in:)` reads as SkipSQL's does,
    /// by the column's declared type.)
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .real(let seconds): self.init(timeIntervalSince1970: seconds)
        case .long(let seconds): self.init(timeIntervalSince1970: Double(seconds))
        case .text(let text):
            guard let date = Self.parseDate(text) ?? Double(text).map(Date.init(timeIntervalSince1970:)) else { return nil }
            self = date
        default: return nil
        }
    }

    private static func parseDate(_ text: String) -> Date? {
        let plain = Date.ISO8601FormatStyle()
        if let date = try? plain.parse(text) { return date }
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        if let date = try? fractional.parse(text) { return date }
        // SQLite's own format: a space instead of T, and no zone (UTC).
        guard text.count >= 19 else { return nil }
        var iso = text.replacingOccurrences(of: " ", with: "T")
        if !iso.hasSuffix("Z"), !iso.dropFirst(19).contains(where: { $0 == "+" || $0 == "-" }) { iso += "Z" }
        return (try? plain.parse(iso)) ?? (try? fractional.parse(iso))
    }
}

extension UUID: SQLColumnValue {
    /// `TEXT`: the canonical form, as `uuidString` writes it.
    public static var sqlType: SQLType { .text }
    /// The canonical text.
    public var sqlValue: SQLValue { .text(uuidString) }
    /// A text value that is a UUID.
    public init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue, let value = UUID(uuidString: text) else { return nil }
        self = value
    }
}

extension URL: SQLColumnValue {
    /// `TEXT`: the absolute string.
    public static var sqlType: SQLType { .text }
    /// The absolute string.
    public var sqlValue: SQLValue { .text(absoluteString) }
    /// A text value that is a URL.
    public init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue, let value = URL(string: text) else { return nil }
        self = value
    }
}

/// An enum with a raw value that is a `SQLColumnValue` becomes one by declaring it
/// (`enum Priority: String, Codable, SQLColumnValue { … }`): stored as its raw value, and
/// comparable with key-path conditions (`\.priority == .high`).
extension SQLColumnValue where Self: RawRepresentable, RawValue: SQLColumnValue {
    /// The raw value's column type.
    public static var sqlType: SQLType { RawValue.sqlType }
    /// The raw value's stored value.
    public var sqlValue: SQLValue { rawValue.sqlValue }
    /// The case whose raw value `sqlValue` holds; `nil` when none has it.
    public init?(sqlValue: SQLValue) {
        guard let raw = RawValue(sqlValue: sqlValue) else { return nil }
        self.init(rawValue: raw)
    }
}

extension SQLValue {
    /// What a column holds for `value`, as records store it: `SQLValue(date)` is the date's
    /// seconds since 1970 (REAL), `SQLValue(uuid)` its text, so that a `Date`, a `UUID`, a `URL`
    /// or any `SQLColumnValue` of the app's own can be given to a predicate
    /// (`Note.created.greaterThan(SQLValue(yesterday))`) and compares as the stored column does.
    @inlinable
    public init<V: SQLColumnValue>(_ value: V) {
        self = value.sqlValue
    }

    /// What a column holds for `value`, or NULL for `nil`.
    @inlinable
    public init<V: SQLColumnValue>(_ value: V?) {
        self = value?.sqlValue ?? .null
    }
}
