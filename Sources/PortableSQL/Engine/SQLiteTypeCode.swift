/// SQLite's fundamental type codes, as `sqlite3_column_type` and `sqlite3_value_type` give them.
@usableFromInline
package enum SQLiteTypeCode {
    /// `SQLITE_INTEGER`.
    @inlinable package static var integer: Int32 { 1 }
    /// `SQLITE_FLOAT`.
    @inlinable package static var float: Int32 { 2 }
    /// `SQLITE_TEXT`.
    @inlinable package static var text: Int32 { 3 }
    /// `SQLITE_BLOB`.
    @inlinable package static var blob: Int32 { 4 }
    /// `SQLITE_NULL`.
    @inlinable package static var null: Int32 { 5 }
}
