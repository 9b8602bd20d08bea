import PortableSQL

/// A column's value read as another storage class, as SQLite's `column_int64`,
/// `column_double` and `column_text` read it. A value read as its own class (and NULL, and a
/// blob or text read as bytes) is returned as it is; an integer read as a real or as text is
/// C's `(double)` and `%lld`, which SQLite uses; every other conversion is computed by the
/// system SQLite itself (`SQLiteConverter`).
enum CellConversion {
    /// `value` as `sqlite3_column_int64` reads it.
    static func integer(_ value: SQLValue) -> Int64 {
        switch value {
        case .null: return 0
        case .long(let number): return number
        case .real, .text, .blob: return SQLiteConverter.shared.integer(value)
        }
    }

    /// `value` as `sqlite3_column_double` reads it.
    static func real(_ value: SQLValue) -> Double {
        switch value {
        case .null: return 0
        case .long(let number): return Double(number)
        case .real(let number): return number
        case .text, .blob: return SQLiteConverter.shared.real(value)
        }
    }

    /// The bytes of `value` as `sqlite3_column_text` and `_blob` give them (a blob's as they
    /// are); `nil` for NULL.
    static func bytes(_ value: SQLValue) -> [UInt8]? {
        switch value {
        case .null: return nil
        case .text(let text): return Array(text.utf8)
        case .blob(let data): return Array(data)
        case .long(let number): return Array(String(number).utf8)
        case .real: return SQLiteConverter.shared.text(value)
        }
    }

    /// SQLite's type code: 1 integer, 2 float, 3 text, 4 blob, 5 NULL.
    static func typeCode(_ value: SQLValue) -> Int32 {
        switch value {
        case .long: return 1
        case .real: return 2
        case .text: return 3
        case .blob: return 4
        case .null: return 5
        }
    }
}
