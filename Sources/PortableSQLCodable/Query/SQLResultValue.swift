import Foundation

/// Reads a selected value as the type of its term: a `SQLValue` as it is, a `SQLColumnValue`
/// (`Int`, `String`, `Date`, …) by its conversion, an optional of one (`nil` for NULL), an enum
/// by its raw value, and any other `Decodable` from JSON text.
enum SQLResultValue {
    /// `value` as a `V`.
    ///
    /// - Throws: `SQLDecodingError` naming `column` when `value` is no `V`.
    static func read<V>(_ type: V.Type, from value: SQLValue, column: @autoclosure () -> String) throws -> V {
        guard let read = convert(value, to: type) else {
            throw SQLDecodingError.wrong(column(), value: value, expected: "\(V.self)")
        }
        return read
    }

    fileprivate static func convert<V>(_ value: SQLValue, to type: V.Type) -> V? {
        if let value = value as? V { return value }
        if let optional = type as? any OptionalResult.Type {
            return optional.wrapping(value) as? V
        }
        if value.isNull { return nil }
        if let columnType = type as? any SQLColumnValue.Type {
            return columnType.init(sqlValue: value) as? V
        }
        if let decodable = type as? any Decodable.Type {
            func decode<D: Decodable>(_ type: D.Type) -> Any? {
                (try? StoredValueCoding.decode(type, from: value, kind: .singleValue(.text))) ?? (try? StoredValueCoding.decode(type, from: value, kind: .json))
            }
            return decode(decodable) as? V
        }
        return nil
    }
}

/// An optional, whose wrapped type a selected value is read as.
private protocol OptionalResult {
    /// `nil` for NULL; otherwise the value read as the wrapped type, or `nil` (no value) when it
    /// is none.
    static func wrapping(_ value: SQLValue) -> Any?
}

extension Optional: OptionalResult {
    static func wrapping(_ value: SQLValue) -> Any? {
        if value.isNull { return Wrapped?.none as Any }
        guard let wrapped = SQLResultValue.convert(value, to: Wrapped.self) else { return nil }
        return Wrapped?.some(wrapped) as Any
    }
}

