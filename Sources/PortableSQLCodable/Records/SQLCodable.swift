/// A type stored as rows of one table: a record.
///
/// A type becomes a record in one of three ways, all of them this protocol:
/// - **`@SQLRecord`** (PortableSQLMacros) writes the conformance from the type's stored
///   properties: the way to reach for in new code.
/// - **Plain `Codable`**: a `Codable` type that declares `SQLCodable` and nothing else is stored
///   through its `Codable` conformance (see `SQLCodable.table` where `Self: Codable`).
/// - **By hand**, as SkipSQL's records are written: declare the columns as `static let` values,
///   the `table` that lists them, and how an instance reads itself from a row and writes itself
///   to one.
///
/// All three store a value the same way (`SQLColumnValue`: integers, `Bool`, `Double`, text,
/// `Data`, `Date` as seconds since 1970, `UUID` and `URL` as text, enums by raw value; any
/// other `Codable` value, such as an array, as JSON text), and `SQLContext` then creates the
/// table, inserts, updates, deletes, fetches and queries instances with the same calls.
public protocol SQLCodable {
    /// The table the type is stored in. Declare it as a `static let`, as the columns: the
    /// table's row layout and its cached statements are made once per `SQLTable` value. A
    /// computed `table`, made anew on each read, is refused by `insert` with `SQLITE_MISUSE`
    /// rather than left to prepare a statement per record.
    static var table: SQLTable { get }

    /// Reads an instance from a row holding a value for each of the table's columns.
    ///
    /// A row read from the database reads each value from the statement when asked; a copy
    /// kept after the initializer returns keeps the values it had.
    ///
    /// - Throws: usually `SQLDecodingError`, when a value does not fit.
    init(row: SQLRow, context: SQLContext) throws

    /// Writes the instance's values into `row`. A column left out of the row is left out of
    /// INSERT statements, so that its default applies.
    ///
    /// - Throws: when the instance cannot be stored.
    func encode(row: inout SQLRow) throws

    /// The column the property `keyPath` reads is stored in, or `nil` when it is none: what
    /// lets key paths name columns in conditions, ordering, selections and SQL interpolation.
    /// `@SQLRecord` and plain `Codable` records answer it; a type written by hand answers
    /// `nil` unless it declares it (`keyPath == \Self.name ? Self.name : nil`).
    /// (An `AnyKeyPath` rather than a `PartialKeyPath<Self>`, so that non-final classes conform.)
    static func column(for keyPath: AnyKeyPath) -> SQLColumn?

    /// The name of the table a plain `Codable` record is stored in: the type's name unless the
    /// type declares another (`static let tableName = "notes"`). A type nested in others is
    /// named after them too, joined by `_` (`Alpha.Item`'s table is `Alpha_Item`), so that
    /// `Alpha.Item` and `Beta.Item` never share a table. A record that declares its `table`
    /// names it there: read `table.name` for any record.
    static var tableName: String { get }
}

extension SQLCodable {
    /// No column: declare `column(for:)` to use key paths with a type written by hand.
    public static func column(for keyPath: AnyKeyPath) -> SQLColumn? { nil }

    /// The name of the declared `table`.
    public static var tableName: String { table.name }
}
