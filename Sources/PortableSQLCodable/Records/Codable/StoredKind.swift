/// How a property of a plain `Codable` record is stored in its column, as its `Codable` conformance
/// shows when the type is probed (see `SchemaProbe`). Sendable: a metatype is immutable.
enum StoredKind: @unchecked Sendable {
    /// A Swift integer (`Int`, `Int64`, `UInt8`, …): INTEGER.
    case integer
    /// A `Double` or `Float`: REAL.
    case real
    /// A `String`: TEXT.
    case text
    /// A `Bool`: INTEGER 0 or 1.
    case boolean
    /// A `SQLColumnValue` other than those (`Date`, `UUID`, `URL`, `Data`, an enum that
    /// conforms): its own `sqlValue`.
    case columnValue(any SQLColumnValue.Type)
    /// A type that codes itself as one primitive (an enum with a raw value, a wrapper struct):
    /// that primitive, in a column of `type`.
    case singleValue(SQLType)
    /// Anything else (structs, arrays, dictionaries): JSON text.
    case json

    /// The column type.
    var columnType: SQLType {
        switch self {
        case .integer, .boolean: return .long
        case .real: return .real
        case .text, .json: return .text
        case .columnValue(let type): return type.sqlType
        case .singleValue(let type): return type
        }
    }
}
