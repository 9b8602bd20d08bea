/// A table: its name and columns, in order.
public struct SQLTable: Hashable, Sendable {
    /// The table name (quoted wherever it is used in SQL).
    public let name: String
    /// The columns, in the order of `CREATE TABLE` and of `SELECT`.
    public let columns: [SQLColumn]

    /// The layout every row of this table shares.
    @usableFromInline let layout: SQLRowLayout
    /// The position of the AUTOINCREMENT primary key among the columns, if there is one.
    let autoincrementPosition: Int?

    /// A table named `name` with `columns`.
    public init(name: String, columns: [SQLColumn]) {
        self.name = name
        self.columns = columns
        self.layout = SQLRowLayout(columns: columns)
        self.autoincrementPosition = columns.firstIndex { $0.autoincrement && $0.primaryKey }
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

    /// `CREATE TABLE IF NOT EXISTS` for this table.
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
        var definitions = columns.map { column in
            column.definition(inlinePrimaryKey: keys.count == 1)
        }
        if keys.count > 1 {
            definitions.append("PRIMARY KEY (" + keys.map(\.quotedName).joined(separator: ", ") + ")")
        }
        return "CREATE TABLE IF NOT EXISTS \(quotedName) (" + definitions.joined(separator: ", ") + ")"
    }

    /// `CREATE INDEX IF NOT EXISTS` for each index named by the columns; columns naming the same
    /// index share it.
    func createIndexStatements() -> [String] {
        var order: [SQLIndex] = []
        var indexed: [SQLIndex: [SQLColumn]] = [:]
        for column in columns {
            guard let index = column.index else { continue }
            if indexed[index] == nil { order.append(index) }
            indexed[index, default: []].append(column)
        }
        return order.map { index in
            let columnList = (indexed[index] ?? []).map(\.quotedName).joined(separator: ", ")
            return "CREATE \(index.unique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(index.name.quotedIdentifier) ON \(quotedName) (\(columnList))"
        }
    }
}

extension SQLColumn {
    /// The column's definition inside `CREATE TABLE` or `ALTER TABLE … ADD COLUMN`.
    func definition(inlinePrimaryKey: Bool) -> String {
        var parts = [quotedName, type.rawValue]
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
