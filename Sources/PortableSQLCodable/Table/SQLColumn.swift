/// A column of a `SQLTable`: its name, type and constraints.
///
/// Declare columns as `static let` members of a `SQLCodable` type, list them in its `table`, and
/// use them as keys of `SQLRow` and in `SQLPredicate`s. Within a table, a column is known by its
/// name: columns hash by name (equality compares everything).
public struct SQLColumn: Hashable, Sendable {
    /// The column name (quoted wherever it is used in SQL).
    public let name: String
    /// A hash of `name`, computed once, for finding the column in a `SQLRow`.
    @usableFromInline let nameHash: Int
    /// The rest of the declaration, shared by every copy: a column is copied wherever it is
    /// used (`row[Self.title] = …` copies it from its `static let`), and three words copy
    /// faster than the whole declaration.
    let definition: SQLColumnDefinition

    /// The declared type.
    public var type: SQLType { definition.type }
    /// Whether the column is (part of) the primary key.
    public var primaryKey: Bool { definition.primaryKey }
    /// Whether an `INTEGER PRIMARY KEY` gets `AUTOINCREMENT`: inserting a record whose key is 0
    /// lets the database assign it, and the key is never reused.
    public var autoincrement: Bool { definition.autoincrement }
    /// Whether values must be unique.
    public var unique: Bool { definition.unique }
    /// Whether the column may hold NULL; `false` writes `NOT NULL` (SQLite's INTEGER PRIMARY KEY
    /// never holds NULL either way).
    public var nullable: Bool { definition.nullable }
    /// The value used when an insert leaves the column out.
    public var defaultValue: SQLValue? { definition.defaultValue }
    /// An index created with the table.
    public var index: SQLIndex? { definition.index }
    /// The column this one references.
    public var references: SQLForeignKey? { definition.references }
    /// The whole definition to write in `CREATE TABLE` instead of the one the other properties
    /// give, when set.
    public var columnDefinition: String? { definition.columnDefinition }

    /// A column; by default nullable, with no constraints.
    public init(
        name: String, type: SQLType, primaryKey: Bool = false, autoincrement: Bool = false, unique: Bool = false,
        nullable: Bool = true, defaultValue: SQLValue? = nil, index: SQLIndex? = nil, references: SQLForeignKey? = nil, columnDefinition: String? = nil
    ) {
        self.name = name
        self.definition = SQLColumnDefinition(
            type: type, primaryKey: primaryKey, autoincrement: autoincrement, unique: unique, nullable: nullable,
            defaultValue: defaultValue, index: index, references: references, columnDefinition: columnDefinition)
        // FNV-1a over the UTF-8 bytes: stable and cheap.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.nameHash = Int(truncatingIfNeeded: hash)
    }

    /// Columns are equal when their names and every part of their declarations are.
    public static func == (lhs: SQLColumn, rhs: SQLColumn) -> Bool {
        lhs.name == rhs.name && (lhs.definition === rhs.definition || lhs.definition.isEqual(to: rhs.definition))
    }

    /// Hashes the name only: within a table, a column is known by its name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nameHash)
    }

    /// The quoted name, for SQL.
    var quotedIdentifier: String { name.quotedIdentifier }

    /// The quoted name, after `alias` and a dot when one is given (`t0."ID"`), as SkipSQL writes it.
    public func quotedName(alias: String? = nil) -> String {
        alias.map { $0 + "." + quotedIdentifier } ?? quotedIdentifier
    }
}
