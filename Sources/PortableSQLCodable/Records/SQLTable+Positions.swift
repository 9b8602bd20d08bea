import Foundation

/// Reading a record's values from a row, and writing them into one, by each column's position in
/// the record's table: what `@SQLRecord` writes in `init(row:context:)` and `encode(row:)`, and
/// the fastest way to write them by hand. The static functions give the column type and stored
/// value of any `SQLColumnValue`, of `RawRepresentable` enums of one, and of other `Codable`
/// values, for the rest of what the macro writes.
///
/// ```swift
/// init(row: SQLRow, context: SQLContext) throws {
///     let table = Self.table
///     id = try table.longValueRequired(at: 0, in: row)
///     name = try table.textValueRequired(at: 1, in: row)
///     born = table.longValue(at: 2, in: row).map(Int.init)
/// }
/// ```
///
/// A row read from the table's statements is laid out as the table, so each read goes straight
/// to its position, with no look-up by name. Any other row (one built by hand, say) is read by
/// column name, with the same results. Errors name the column, as the column readers' do.
extension SQLTable {
    // The row is passed to each read rather than kept, so that reading retains nothing per value.

    /// The value of the table's column at `index`; `nil` when the row has none.
    @inlinable @inline(__always)
    public func value(at index: Int, in row: SQLRow) -> SQLValue? {
        // A row laid out as the table, so that a position in one is a position in the other.
        row.layout === layout ? row.value(at: index) : row[layout.columns[index]]
    }

    /// Sets the value of the table's column at `index` in `row`; `nil` removes it. What
    /// `@SQLRecord` writes in `encode(row:)`: a row laid out as the table (the one `insert`
    /// hands out) is written by position, with no look-up by name and no copy of a `static let`
    /// column; any other row by column name, as `row[column] = value` writes it.
    @inlinable @inline(__always)
    public func setValue(_ value: SQLValue?, at index: Int, in row: inout SQLRow) {
        if row.layout === layout, row.source == nil {
            row.store(value, at: index)
        } else {
            row[layout.columns[index]] = value
        }
    }

    /// The integer value of column `index`; `nil` for a missing value, NULL or another kind (a
    /// real too, as SkipSQL's `longValue(in:)` reads it).
    @inlinable @inline(__always)
    public func longValue(at index: Int, in row: SQLRow) -> Int64? { LongConversion.convert(value(at: index, in: row)) }

    /// The integer value of column `index`.
    ///
    /// - Throws: `SQLDecodingError` when it is missing, NULL, or not an integer.
    @inlinable @inline(__always)
    public func longValueRequired(at index: Int, in row: SQLRow) throws -> Int64 { try required(LongConversion.self, at: index, in: row) }

    /// The real value of column `index`; `nil` for a missing value, NULL or another kind (an
    /// integer too, as SkipSQL's `realValue(in:)` reads it).
    @inlinable @inline(__always)
    public func realValue(at index: Int, in row: SQLRow) -> Double? { RealConversion.convert(value(at: index, in: row)) }

    /// The real value of column `index`.
    ///
    /// - Throws: `SQLDecodingError` when it is missing, NULL, or not a real.
    @inlinable @inline(__always)
    public func realValueRequired(at index: Int, in row: SQLRow) throws -> Double { try required(RealConversion.self, at: index, in: row) }

    /// The text value of column `index`; `nil` for a missing value, NULL or another kind.
    @inlinable
    public func textValue(at index: Int, in row: SQLRow) -> String? { TextConversion.convert(value(at: index, in: row)) }

    /// The text value of column `index`.
    ///
    /// - Throws: `SQLDecodingError` when it is missing, NULL, or not text.
    @inlinable
    public func textValueRequired(at index: Int, in row: SQLRow) throws -> String { try required(TextConversion.self, at: index, in: row) }

    /// The blob value of column `index`; `nil` for a missing value, NULL or another kind.
    @inlinable
    public func blobValue(at index: Int, in row: SQLRow) -> Data? { BlobConversion.convert(value(at: index, in: row)) }

    /// The blob value of column `index`.
    ///
    /// - Throws: `SQLDecodingError` when it is missing, NULL, or not a blob.
    @inlinable
    public func blobValueRequired(at index: Int, in row: SQLRow) throws -> Data { try required(BlobConversion.self, at: index, in: row) }

    /// The value of column `index` as `Conversion` reads it.
    ///
    /// - Throws: `SQLDecodingError` when it is missing, NULL, or not of the kind read.
    @inlinable @inline(__always)
    func required<Conversion: ColumnConversion>(_ conversion: Conversion.Type, at index: Int, in row: SQLRow) throws -> Conversion.Value {
        let stored = value(at: index, in: row)
        guard let value = Conversion.convert(stored) else { throw mismatch(index, stored, Conversion.expected) }
        return value
    }

    /// Column `index` as a `T`; `nil` for a missing value or NULL.
    ///
    /// - Throws: `SQLDecodingError` when the value cannot be a `T`.
    @inlinable
    public func value<T: SQLColumnValue>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T? {
        guard let stored = value(at: index, in: row), stored != .null else { return nil }
        guard let value = T(sqlValue: stored) else { throw mismatch(index, stored, "\(T.self)") }
        return value
    }

    /// Column `index` as an enum `T`, from its raw value; `nil` for a missing value or NULL.
    ///
    /// - Throws: `SQLDecodingError` when the value is no raw value of `T`.
    @inlinable @_disfavoredOverload
    public func value<T: RawRepresentable>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T? where T.RawValue: SQLColumnValue {
        guard let raw = try value(at: index, in: row, as: T.RawValue.self) else { return nil }
        guard let value = T(rawValue: raw) else { throw mismatch(index, self.value(at: index, in: row), "\(T.self)") }
        return value
    }

    /// Column `index` as an enum `T` that is also `Decodable`, from its raw value (as an enum
    /// that is not); `nil` for a missing value or NULL.
    ///
    /// - Throws: `SQLDecodingError` when the value is no raw value of `T`.
    @inlinable @_disfavoredOverload
    public func value<T: RawRepresentable & Decodable>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T? where T.RawValue: SQLColumnValue {
        guard let raw = try value(at: index, in: row, as: T.RawValue.self) else { return nil }
        guard let value = T(rawValue: raw) else { throw mismatch(index, self.value(at: index, in: row), "\(T.self)") }
        return value
    }

    /// Column `index` as any other `Decodable` value (an array, a dictionary, a nested struct),
    /// from the JSON text it is stored as, as plain `Codable` records store it; `nil` for a
    /// missing value or NULL.
    ///
    /// - Throws: `SQLDecodingError` when the value is not text, or not JSON of a `T`.
    @inlinable @_disfavoredOverload
    public func value<T: Decodable>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T? {
        guard let stored = value(at: index, in: row), stored != .null else { return nil }
        guard let value = StoredValueCoding.decodeJSON(T.self, from: stored) else { throw mismatch(index, stored, "JSON of \(T.self)") }
        return value
    }

    /// Column `index` as a `T`.
    ///
    /// - Throws: `SQLDecodingError` when the value is missing, NULL, or cannot be a `T`.
    @inlinable
    public func valueRequired<T: SQLColumnValue>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T {
        guard let value = try value(at: index, in: row, as: T.self) else { throw mismatch(index, value(at: index, in: row), "\(T.self)") }
        return value
    }

    /// Column `index` as an enum `T`, from its raw value.
    ///
    /// - Throws: `SQLDecodingError` when the value is missing, NULL, or no raw value of `T`.
    @inlinable @_disfavoredOverload
    public func valueRequired<T: RawRepresentable>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T where T.RawValue: SQLColumnValue {
        guard let value = try value(at: index, in: row, as: T.self) else { throw mismatch(index, value(at: index, in: row), "\(T.self)") }
        return value
    }

    /// Column `index` as an enum `T` that is also `Decodable`, from its raw value.
    ///
    /// - Throws: `SQLDecodingError` when the value is missing, NULL, or no raw value of `T`.
    @inlinable @_disfavoredOverload
    public func valueRequired<T: RawRepresentable & Decodable>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T where T.RawValue: SQLColumnValue {
        guard let value = try value(at: index, in: row, as: T.self) else { throw mismatch(index, value(at: index, in: row), "\(T.self)") }
        return value
    }

    /// Column `index` as any other `Decodable` value, from the JSON text it is stored as.
    ///
    /// - Throws: `SQLDecodingError` when the value is missing, NULL, not text, or not JSON of a `T`.
    @inlinable @_disfavoredOverload
    public func valueRequired<T: Decodable>(at index: Int, in row: SQLRow, as type: T.Type = T.self) throws -> T {
        guard let value = try value(at: index, in: row, as: T.self) else { throw mismatch(index, value(at: index, in: row), "JSON of \(T.self)") }
        return value
    }

    /// The error of a read of column `index` that found `value` where it expected `expected`.
    @usableFromInline @inline(never)
    func mismatch(_ index: Int, _ value: SQLValue?, _ expected: String) -> SQLDecodingError {
        SQLDecodingError.wrong(layout.columns[index].name, value: value, expected: expected)
    }

    // The column type and the stored value of any SQLColumnValue, of RawRepresentable enums of
    // one, and of any other Codable value (JSON text), for the columns and `encode(row:)` that
    // `@SQLRecord` writes: the forms plain `Codable` records store.

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

    /// The column type of an enum that is also `Codable`: its raw value's.
    @inlinable @_disfavoredOverload
    public static func columnType<T: RawRepresentable & Encodable>(of type: T.Type) -> SQLType where T.RawValue: SQLColumnValue {
        T.RawValue.sqlType
    }

    /// The column type of any other `Codable` value: TEXT, which holds its JSON.
    @inlinable @_disfavoredOverload
    public static func columnType<T: Encodable>(of type: T.Type) -> SQLType {
        .text
    }

    /// What a column holds for `value`; NULL for `nil`.
    ///
    /// - Throws: nothing; it throws as its overloads for JSON values do.
    @inlinable
    public static func sqlValue<T: SQLColumnValue>(_ value: T?) throws -> SQLValue {
        value?.sqlValue ?? .null
    }

    /// What a column holds for an enum: its raw value's; NULL for `nil`.
    ///
    /// - Throws: nothing; it throws as its overloads for JSON values do.
    @inlinable @_disfavoredOverload
    public static func sqlValue<T: RawRepresentable>(_ value: T?) throws -> SQLValue where T.RawValue: SQLColumnValue {
        value?.rawValue.sqlValue ?? .null
    }

    /// What a column holds for an enum that is also `Codable`: its raw value's; NULL for `nil`.
    ///
    /// - Throws: nothing; it throws as its overloads for JSON values do.
    @inlinable @_disfavoredOverload
    public static func sqlValue<T: RawRepresentable & Encodable>(_ value: T?) throws -> SQLValue where T.RawValue: SQLColumnValue {
        value?.rawValue.sqlValue ?? .null
    }

    /// What a column holds for any other `Codable` value: its JSON text (keys sorted), as plain
    /// `Codable` records store it; NULL for `nil`.
    ///
    /// - Throws: what the value's `Encodable` conformance throws; `SQLError` (`SQLITE_MISMATCH`)
    ///   for JSON that cannot be read back (a NaN `Decimal` in it).
    @inlinable @_disfavoredOverload
    public static func sqlValue<T: Encodable>(_ value: T?) throws -> SQLValue {
        guard let value else { return .null }
        return try StoredValueCoding.encodeJSON(value)
    }
}
