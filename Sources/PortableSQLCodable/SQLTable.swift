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

    /// A table named `name` with `columns`.
    public init(name: String, columns: [SQLColumn]) {
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
    var quotedName: String { name.quotedIdentifier }

    /// `CREATE TABLE IF NOT EXISTS` for this table, after checking that it can be one.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) when the declaration cannot be a table: no columns,
    ///   a name used twice, or AUTOINCREMENT on anything but a lone INTEGER primary key.
    func createStatement() throws -> String {
        guard !columns.isEmpty else {
            throw SQLError(code: .misuse, message: "table \(name) has no columns")
        }
        var seen = Set<String>()
        for column in columns where !seen.insert(column.name.lowercased()).inserted {
            throw SQLError(code: .misuse, message: "table \(name) declares column \(column.name) twice")
        }
        let keys = primaryKeyColumns
        for column in columns where column.autoincrement && !(column.primaryKey && column.type == .long && keys.count == 1) {
            throw SQLError(code: .misuse, message: "AUTOINCREMENT needs a single INTEGER primary key; \(name).\(column.name) is not one")
        }
        return createText(ifNotExists: true)
    }

    /// `CREATE TABLE` for this table, unchecked: SQLite judges it when it runs.
    private func createText(ifNotExists: Bool) -> String {
        let keys = primaryKeyColumns
        var definitions = columns.map { column in
            column.definition(inlinePrimaryKey: keys.count == 1)
        }
        if keys.count > 1 {
            definitions.append("PRIMARY KEY (" + keys.map(\.quotedName).joined(separator: ", ") + ")")
        }
        return "CREATE TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(quotedName) (" + definitions.joined(separator: ", ") + ")"
    }

    /// `CREATE INDEX` for each index named by the columns; columns naming the same index share it.
    func createIndexStatements(ifNotExists: Bool = true) -> [String] {
        var order: [SQLIndex] = []
        var indexed: [SQLIndex: [SQLColumn]] = [:]
        for column in columns {
            guard let index = column.index else { continue }
            if indexed[index] == nil { order.append(index) }
            indexed[index, default: []].append(column)
        }
        return order.map { index in
            let columnList = (indexed[index] ?? []).map(\.quotedName).joined(separator: ", ")
            return "CREATE \(index.unique ? "UNIQUE " : "")INDEX \(ifNotExists ? "IF NOT EXISTS " : "")\(index.name.quotedIdentifier) ON \(quotedName) (\(columnList))"
        }
    }

    /// The statements that create this table, with its constraints and foreign keys, and (with
    /// `withIndexes`) its indexes, as SkipSQL gives them: run each with `SQLContext.exec(_:)`.
    /// `createTableIfNotExists(_:)` does the same in one transaction, and checks the declaration
    /// first.
    public func createTableSQL(ifNotExists: Bool = false, withIndexes: Bool = true) -> [SQLExpression] {
        [SQLExpression(createText(ifNotExists: ifNotExists))] + (withIndexes ? createIndexSQL(ifNotExists: ifNotExists) : [])
    }

    /// The statements that create the indexes the columns name.
    public func createIndexSQL(ifNotExists: Bool = false) -> [SQLExpression] {
        createIndexStatements(ifNotExists: ifNotExists).map { SQLExpression($0) }
    }

    /// `DROP TABLE` for this table (which drops its indexes too).
    public func dropTableSQL(ifExists: Bool = false) -> SQLExpression {
        SQLExpression("DROP TABLE \(ifExists ? "IF EXISTS " : "")\(quotedName)")
    }
}

extension SQLColumn {
    /// The column's definition inside `CREATE TABLE` or `ALTER TABLE … ADD COLUMN`.
    func definition(inlinePrimaryKey: Bool) -> String {
        var parts = type == .null ? [quotedName] : [quotedName, type.rawValue]
        if primaryKey && inlinePrimaryKey {
            parts.append("PRIMARY KEY")
            if autoincrement { parts.append("AUTOINCREMENT") }
        }
        // An INTEGER PRIMARY KEY is the rowid and never NULL; other keys need NOT NULL spelled out.
        let isRowID = primaryKey && inlinePrimaryKey && type == .long
        if !nullable && !isRowID { parts.append("NOT NULL") }
        if unique { parts.append("UNIQUE") }
        if let defaultValue { parts.append("DEFAULT \(defaultValue)") }
        if let references {
            parts.append("REFERENCES \(references.tableName.quotedIdentifier) (\(references.columnName.quotedIdentifier))")
            if let action = references.onDelete { parts.append("ON DELETE \(action.rawValue)") }
            if let action = references.onUpdate { parts.append("ON UPDATE \(action.rawValue)") }
        }
        return parts.joined(separator: " ")
    }
}
