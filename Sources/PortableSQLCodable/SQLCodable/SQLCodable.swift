/// A type stored as rows of one table.
///
/// Declare the columns as `static let` values, the `table` that lists them, and how an instance
/// reads itself from a row and writes itself to one. `SQLContext` then creates the table, inserts,
/// updates, deletes, fetches and queries instances.
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
    /// `@SQLRecord` and `SQLCodableRecord` types answer it; a type written by hand answers
    /// `nil` unless it declares it (`keyPath == \Self.name ? Self.name : nil`).
    /// (An `AnyKeyPath` rather than a `PartialKeyPath<Self>`, so that non-final classes conform.)
    static func column(for keyPath: AnyKeyPath) -> SQLColumn?
}

extension SQLCodable {
    /// No column: declare `column(for:)` to use key paths with a type written by hand.
    public static func column(for keyPath: AnyKeyPath) -> SQLColumn? { nil }
}
