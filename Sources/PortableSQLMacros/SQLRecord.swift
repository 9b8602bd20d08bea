@_exported import PortableSQLCodable

/// Makes a struct `SQLCodable`: writes, in an extension, a `static let` column for each stored
/// property, the `static let table`, `init(row:context:)` and `encode(row:)` — the code you
/// would write by hand, and as fast.
///
/// ```swift
/// @SQLRecord(table: "book")
/// struct Book {
///     @Column(primaryKey: true, autoincrement: true) var id: Int64 = 0
///     @Column("author_id", index: SQLIndex(name: "book_author"), references: \Author.id, onDelete: .cascade)
///     var authorID: Int64
///     var title: String
///     @Column(default: 9.99) var price: Double?
/// }
/// ```
///
/// - Each stored property is a column named as the property (`@Column("name")` renames it),
///   NOT NULL unless its type is optional. Stored types: `Int`, `Int64`, `Int32`, `Double`,
///   `Bool`, `String`, `Data`, `Date` (REAL seconds since 1970), `UUID` and `URL` (TEXT), any
///   `SQLColumnValue`, `RawRepresentable` enums of those, and the optionals of all of them.
/// - `@Transient` keeps a property (with a default value) out of the table; computed and
///   `static` properties are never stored.
/// - The table is named `table`, or the type's name.
/// - The compiler reports what cannot be stored (arrays, dictionaries, tuples, closures, a
///   `let` with a value) at the property, saying what to do instead.
@attached(extension, conformances: SQLCodable, names: arbitrary)
public macro SQLRecord(table: String? = nil) = #externalMacro(module: "PortableSQLMacrosPlugin", type: "SQLRecordMacro")

/// How a stored property of an `@SQLRecord` struct is stored: its column name and constraints,
/// as `SQLColumn`'s parameters say. `references` names the referenced property of another
/// `@SQLRecord` type by key path (`\Author.id`: its column); `onDelete` and `onUpdate` apply to
/// that reference.
@attached(peer)
public macro Column(
    _ name: String? = nil, primaryKey: Bool = false, autoincrement: Bool = false, unique: Bool = false,
    default defaultValue: SQLValue? = nil, index: SQLIndex? = nil, references: AnyKeyPath? = nil,
    onDelete: SQLForeignKeyAction? = nil, onUpdate: SQLForeignKeyAction? = nil
) = #externalMacro(module: "PortableSQLMacrosPlugin", type: "ColumnMacro")

/// Keeps a stored property of an `@SQLRecord` struct out of its table. The property needs a
/// default value, which records read from the database get.
@attached(peer)
public macro Transient() = #externalMacro(module: "PortableSQLMacrosPlugin", type: "ColumnMacro")
