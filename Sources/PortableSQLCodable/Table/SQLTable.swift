/// A table: its name and columns, in order.
public struct SQLTable: Hashable, Sendable {
    /// The table name (quoted wherever it is used in SQL).
    public let name: String
    /// The columns, in the order of `CREATE TABLE` and of `SELECT`.
    public let columns: [SQLColumn]

    /// The layout every row of this table shares.
    @usableFromInline let layout: SQLRowLayout
    /// The position of the table's INTEGER PRIMARY KEY (its rowid) among the columns, when the
    /// primary key is that one column.
    let rowIDKeyPosition: Int?
    /// The positions of the columns that declare a default value.
    let defaultedPositions: [Int]
    /// Whether the table is a plain `Codable` record's: created, and given the columns it lacks,
    /// when a statement finds it or a column missing.
    let createdOnFirstUse: Bool
    /// Why the record type this table was made for cannot be stored, when it cannot: thrown by
    /// whatever uses the table.
    let definitionError: SQLError?

    /// A table named `name` with `columns`.
    public init(name: String, columns: [SQLColumn]) {
        self.init(name: name, columns: columns, createdOnFirstUse: false, definitionError: nil)
    }

    /// The table of a plain `Codable` record type, created on first use.
    init(recordNamed name: String, columns: [SQLColumn]) {
        self.init(name: name, columns: columns, createdOnFirstUse: true, definitionError: nil)
    }

    /// The table of a plain `Codable` record type that cannot be stored, for `failure`.
    init(recordNamed name: String, failure: SQLError) {
        self.init(name: name, columns: [], createdOnFirstUse: false, definitionError: failure)
    }

    private init(name: String, columns: [SQLColumn], createdOnFirstUse: Bool, definitionError: SQLError?) {
        self.createdOnFirstUse = createdOnFirstUse
        self.definitionError = definitionError
        self.name = name
        self.columns = columns
        self.layout = SQLRowLayout(columns: columns)
        let keys = columns.indices.filter { columns[$0].primaryKey }
        self.rowIDKeyPosition = keys.count == 1 && columns[keys[0]].type == .long ? keys[0] : nil
        self.defaultedPositions = columns.indices.filter { columns[$0].defaultValue != nil }
    }

    /// Tables are equal when their names and columns are.
    public static func == (lhs: SQLTable, rhs: SQLTable) -> Bool {
        lhs.name == rhs.name && lhs.columns == rhs.columns
    }

    /// Hashes the name and columns.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(columns)
    }

    /// The primary-key columns, in order (empty when the table has none).
    public var primaryKeyColumns: [SQLColumn] {
        columns.filter(\.primaryKey)
    }

    /// The quoted name, for SQL.
    var quotedIdentifier: String { name.quotedIdentifier }

    /// The quoted name, after the quoted `schema` and a dot when one is given (`"aux"."book"`).
    public func quotedName(inSchema schema: String? = nil) -> String {
        guard let schema else { return quotedIdentifier }
        return schema.quotedIdentifier + "." + quotedIdentifier
    }

    /// `CREATE TABLE IF NOT EXISTS` for this table, after checking that it can be one.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the declaration cannot be a table: no columns,
    ///   a name used twice, or AUTOINCREMENT on anything but a lone INTEGER primary key.
    func createStatement(inSchema schema: String?) throws -> String {
        if let definitionError { throw definitionError }
        guard !columns.isEmpty else {
            throw SQLError(code: .misuse, message: "table \(name) has no columns")
        }
        var seen = Set<String>()
        for column in columns where !seen.insert(column.name.sqliteCaseFolded).inserted {
            throw SQLError(code: .misuse, message: "table \(name) declares column \(column.name) twice")
        }
        let keys = primaryKeyColumns
        for column in columns where column.autoincrement && !(column.primaryKey && column.type == .long && keys.count == 1) {
            throw SQLError(code: .misuse, message: "AUTOINCREMENT needs a single INTEGER primary key; \(name).\(column.name) is not one")
        }
        return createText(inSchema: schema, ifNotExists: true, columns: columns, clauses: [])
    }

    /// `CREATE TABLE` for `columns` of this table, unchecked (SQLite judges it when it runs), in
    /// SkipSQL's form: the column definitions, then a composite primary key, each column's
    /// foreign key and the extra `clauses`.
    private func createText(inSchema schema: String?, ifNotExists: Bool, columns: [SQLColumn], clauses extra: [String]) -> String {
        let keys = columns.filter(\.primaryKey)
        var clauses: [String] = []
        if keys.count > 1 {
            clauses.append("PRIMARY KEY (" + keys.map(\.quotedIdentifier).joined(separator: ", ") + ")")
        }
        for column in columns {
            guard let references = column.references else { continue }
            clauses.append("FOREIGN KEY (\(column.quotedIdentifier)) REFERENCES " + references.referencesClause(inSchema: schema))
        }
        let definitions = columns.map { $0.definition(inlinePrimaryKey: keys.count == 1) } + clauses + extra
        return "CREATE TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(quotedName(inSchema: schema)) (" + definitions.joined(separator: ", ") + ")"
    }

    /// `CREATE INDEX` for each index named by `columns`, in SkipSQL's form (`CREATE INDEX "i" ON
    /// "t"("c")`, the schema before the index name); columns naming the same index share it, and
    /// a unique index is `CREATE UNIQUE INDEX`.
    func createIndexStatements(inSchema schema: String? = nil, ifNotExists: Bool = true, columns: [SQLColumn]? = nil) -> [String] {
        var order: [SQLIndex] = []
        var indexed: [SQLIndex: [SQLColumn]] = [:]
        for column in columns ?? self.columns {
            guard let index = column.index else { continue }
            if indexed[index] == nil { order.append(index) }
            indexed[index, default: []].append(column)
        }
        return order.map { index in
            let columnList = (indexed[index] ?? []).map(\.quotedIdentifier).joined(separator: ", ")
            let indexName = (schema.map { $0.quotedIdentifier + "." } ?? "") + index.name.quotedIdentifier
            return "CREATE \(index.unique ? "UNIQUE " : "")INDEX \(ifNotExists ? "IF NOT EXISTS " : "")\(indexName) ON \(quotedIdentifier)(\(columnList))"
        }
    }

    /// The statements that create this table (or, with `columns`, a table of those columns),
    /// with its constraints, foreign keys and `additionalClauses`, and (with `withIndexes`) its
    /// indexes, as SkipSQL gives them: run each with `SQLContext.exec(_:)`.
    /// `createTableIfNotExists(_:)` does the same and checks the declaration first.
    public func createTableSQL(
        inSchema schema: String? = nil, ifNotExists: Bool = false, withIndexes: Bool = true, columns: [SQLColumn]? = nil, additionalClauses: [String] = []
    ) -> [SQLExpression] {
        let columns = columns ?? self.columns
        return [SQLExpression(createText(inSchema: schema, ifNotExists: ifNotExists, columns: columns, clauses: additionalClauses))]
            + (withIndexes ? createIndexSQL(inSchema: schema, ifNotExists: ifNotExists, columns: columns) : [])
    }

    /// The statements that create the indexes the columns (all, or `columns`) name.
    public func createIndexSQL(inSchema schema: String? = nil, ifNotExists: Bool = false, columns: [SQLColumn]? = nil) -> [SQLExpression] {
        createIndexStatements(inSchema: schema, ifNotExists: ifNotExists, columns: columns).map { SQLExpression($0) }
    }

    /// `ALTER TABLE … ADD COLUMN` for `column`, and (with `withIndexes`) its index.
    public func addColumnSQL(column: SQLColumn, inSchema schema: String? = nil, withIndexes: Bool = true) -> [SQLExpression] {
        [SQLExpression("ALTER TABLE \(quotedName(inSchema: schema)) ADD COLUMN " + column.definition(inlinePrimaryKey: false))]
            + (withIndexes ? createIndexSQL(inSchema: schema, columns: [column]) : [])
    }

    /// `ALTER TABLE … DROP COLUMN` for `column` (SQLite 3.35 or later).
    public func dropColumnSQL(column: SQLColumn, inSchema schema: String? = nil) -> SQLExpression {
        SQLExpression("ALTER TABLE \(quotedName(inSchema: schema)) DROP COLUMN " + column.quotedIdentifier)
    }

    /// `DROP TABLE` for this table (which drops its indexes too).
    public func dropTableSQL(inSchema schema: String? = nil, ifExists: Bool = false) -> SQLExpression {
        SQLExpression("DROP TABLE \(ifExists ? "IF EXISTS " : "")\(quotedName(inSchema: schema))")
    }
}

extension SQLColumn {
    /// The column's definition inside `CREATE TABLE` or `ALTER TABLE … ADD COLUMN`, in SkipSQL's
    /// form (`"ID" INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE NOT NULL DEFAULT 1`), or its
    /// `columnDefinition` when it has one. Foreign keys are table clauses (see `createTableSQL`).
    func definition(inlinePrimaryKey: Bool) -> String {
        if let columnDefinition { return columnDefinition }
        var parts = [quotedIdentifier, type.typeName]
        if inlinePrimaryKey {
            if primaryKey { parts.append("PRIMARY KEY") }
            if autoincrement { parts.append("AUTOINCREMENT") }
        }
        if unique { parts.append("UNIQUE") }
        if !nullable { parts.append("NOT NULL") }
        if let defaultValue { parts.append("DEFAULT \(defaultValue.literalValue)") }
        return parts.joined(separator: " ")
    }
}
