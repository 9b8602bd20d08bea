// A plain `Codable` type is a record with no columns to declare: it conforms to `SQLCodable`,
// and these defaults store it through its `Codable` conformance.

extension SQLCodable where Self: Codable {
    /// The type's name, after the names of the types it is nested in (`Alpha_Item`); a type
    /// at the top level or inside a function keeps its plain name.
    public static var tableName: String { RecordTypeName.tableName(of: Self.self) }

    /// The table the type's `Codable` conformance describes (made once per type), named
    /// `tableName`: a plain `Codable` record, stored with no columns to declare.
    ///
    /// ```swift
    /// struct Note: Codable, SQLCodable {
    ///     var id = UUID()
    ///     var title: String
    ///     var tags: [String] = []
    /// }
    /// let db = try SQLContext()
    /// try db.insert(Note(title: "Groceries"))
    /// let notes = try db.query(Note.self).where(\.title == "Groceries").eval().load()
    /// ```
    ///
    /// - Each property the `Decodable` conformance decodes is a column, named by its coding key,
    ///   in decoding order. A property named `id` is the primary key: a `UUID` or `String` id is
    ///   TEXT, an `Int` id the table's INTEGER PRIMARY KEY, which the database assigns when the
    ///   id is an optional left `nil`.
    /// - Integers, `Bool` (0 or 1), `Double`, `String` and every `SQLColumnValue` (`Date` as REAL
    ///   seconds since 1970, `UUID` and `URL` as TEXT, `Data` as a BLOB) are stored as the other
    ///   record kinds store them; an enum by its raw value; any other `Codable` value (structs,
    ///   arrays, dictionaries) as JSON text.
    /// - The table is created the first time a statement needs it, and a property added later
    ///   becomes a column (`ALTER TABLE … ADD COLUMN`) the first time a statement needs that.
    ///   Columns other than the key accept NULL, so that a column can be added to a table that
    ///   has rows: reading NULL into a property that is not optional throws `SQLDecodingError`.
    ///   On a read-only connection a table that does not exist yet reads as empty.
    /// - A value that would not read back the same is refused when written: NaN and -0.0
    ///   (`SQLITE_MISMATCH`), and any value of a property whose existing column SQLite would
    ///   convert it in (a property that became a `String` over an INTEGER column:
    ///   `SQLITE_MISMATCH`, naming the column). A nested optional (`Int??`) and two properties whose
    ///   names differ only in case make the type unusable, with an error saying why.
    /// - The columns are learned once, by decoding the type from sample values (`0`, `"0"`, an
    ///   empty array, …). An enum whose raw values do not include such a sample must be
    ///   `CaseIterable` (or `SQLColumnValue`); otherwise every use of the type throws an error
    ///   saying so.
    /// - Key paths of the type's properties name their columns in predicates, ordering and SQL
    ///   interpolation (`\.title == "x"`, `orderBy(\.title)`, `"\(\Note.title)"`). A key path to a
    ///   computed property (`price * 2`) names no column: the query throws `SQLITE_MISUSE`.
    ///
    /// A `Codable` type that declares its own `table`, `init(row:context:)` and `encode(row:)` (a
    /// record written by hand, or by `@SQLRecord`) is stored by those, never through `Codable`.
    public static var table: SQLTable {
        CodableRecordRegistry.schema(of: Self.self).table
    }

    /// Decodes the record from `row` through its `Decodable` conformance.
    ///
    /// - Throws: `SQLDecodingError` naming the column, for a value that does not fit its
    ///   property (NULL for a property that is not optional, say); `SQLError` (`SQLITE_MISUSE`)
    ///   when the type cannot be a record.
    @inlinable
    public init(row: SQLRow, context: SQLContext) throws {
        self = try RecordRowDecoder.decode(Self.self, from: row)
    }

    /// Encodes the record into `row` through its `Encodable` conformance; a `nil` optional is
    /// left out of the row.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the type cannot be a record, or what the
    ///   conformance throws.
    @inlinable
    public func encode(row: inout SQLRow) throws {
        try RecordRowEncoder.encode(self, into: &row, schema: CodableRecordSchema.of(Self.self, row: row))
    }

    /// The column of the property `keyPath` reads, found by comparing sample instances; `nil`
    /// for a type that declares its own `table` (its key paths name no column unless it declares
    /// `column(for:)` too).
    public static func column(for keyPath: AnyKeyPath) -> SQLColumn? {
        guard let schema = table.layout.codableSchema else { return nil }
        return KeyPathColumns.column(for: keyPath, of: schema)
    }
}

/// A plain `Codable` record: what the machinery of `Records/Codable` takes.
@usableFromInline typealias CodableRecord = SQLCodable & Codable
