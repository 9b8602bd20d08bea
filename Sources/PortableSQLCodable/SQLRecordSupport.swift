/// What the code `@SQLRecord` writes calls for the column type and the stored value of any
/// `SQLColumnValue` and of `RawRepresentable` enums of one (it reads them with
/// `SQLRecordLayout`). Public because that code is in your module.
public enum SQLRecordSupport {
    /// The column type of `type`.
    @inlinable
    public static func columnType<T: SQLColumnValue>(of type: T.Type) -> SQLType {
        T.sqlType
    }

    /// The column type of an enum: its raw value's.
    @inlinable @_disfavoredOverload
    public static func columnType<T: RawRepresentable>(of type: T.Type) -> SQLType where T.RawValue: SQLColumnValue {
        T.RawValue.sqlType
    }

    /// What a column holds for `value`; NULL for `nil`.
    @inlinable
    public static func sqlValue<T: SQLColumnValue>(_ value: T?) -> SQLValue {
        value?.sqlValue ?? .null
    }

    /// What a column holds for an enum: its raw value's; NULL for `nil`.
    @inlinable @_disfavoredOverload
    public static func sqlValue<T: RawRepresentable>(_ value: T?) -> SQLValue where T.RawValue: SQLColumnValue {
        value?.rawValue.sqlValue ?? .null
    }
}
