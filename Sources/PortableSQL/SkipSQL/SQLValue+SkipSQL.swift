import Foundation

// SkipSQL's spellings on values, so that code written for SkipSQL compiles unchanged.
extension SQLValue {
    /// The value written as SkipSQL writes a literal (in a column's `DEFAULT`, say): numbers as
    /// Swift prints them, text in double quotes (doubled inside), a blob as `x'…'` in lower-case
    /// hex, `NULL`. For SQL that binds values instead, see `description`.
    public var literalValue: String {
        switch self {
        case .null: return "NULL"
        case .long(let value): return value.description
        case .real(let value): return value.description
        case .text(let value): return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        case .blob(let value): return "x'" + value.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    /// The kind of value: `.long`, `.real`, `.text`, `.blob` or `.null`.
    public var type: SQLType {
        switch self {
        case .null: return .null
        case .long: return .long
        case .real: return .real
        case .text: return .text
        case .blob: return .blob
        }
    }
}

extension SQLType {
    /// SkipSQL's former name of `.real`.
    @available(*, deprecated, renamed: "real")
    public static var float: SQLType { .real }

    /// SkipSQL's former name of `.long`.
    @available(*, deprecated, renamed: "long")
    public static var integer: SQLType { .long }
}

extension SQLValue {
    /// SkipSQL's former name of `.real(_:)`.
    @available(*, deprecated, renamed: "real")
    public static func float(_ value: Double) -> SQLValue { .real(value) }

    /// SkipSQL's former name of `realValue`.
    @available(*, deprecated, renamed: "realValue")
    public var floatValue: Double? { realValue }

    /// SkipSQL's former name of `longValue`.
    @available(*, deprecated, renamed: "longValue")
    public var integerValue: Int64? { longValue }
}

extension SQLExpression {
    /// SkipSQL's view of an expression: pieces of SQL text, each with the value bound after it,
    /// if any. PortableSQL keeps the text and the values apart, so this is the whole text
    /// followed by one empty piece per value; the joined text and the values in order are what
    /// SkipSQL's would give. Setting it sets `sql` and `bindings` from the pieces.
    public var parts: [(String, SQLValue?)] {
        get { [(sql, nil)] + bindings.map { ("", $0) } }
        set {
            sql = newValue.map(\.0).joined()
            bindings = newValue.compactMap(\.1)
        }
    }
}
