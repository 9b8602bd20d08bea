/// The parts of a SELECT over one or more tables, shared by `SQLQuery` and the join queries,
/// which build it through their methods.
@usableFromInline
struct SelectPlan {
    /// One table of the FROM clause.
    struct Source {
        let table: SQLTable
        let alias: String?
        let kind: SQLJoinKind?
        let on: JoinCondition?
    }

    /// How a joined table matches: the equality a foreign key gives, or a predicate.
    enum JoinCondition {
        case text(String)
        case predicate(SQLPredicate)
    }

    var sources: [Source]
    var predicate: SQLPredicate?
    var orderings: [(SQLColumn, SQLOrder)] = []
    var limit: Int?
    var offset: Int?
    /// An error found while building (a join column that links nothing), thrown by `eval()`.
    var buildError: SQLError?

    init(table: SQLTable, alias: String?) {
        sources = [Source(table: table, alias: alias, kind: nil, on: nil)]
    }

    /// Adds a joined table, matched through `column`, a foreign key from it to a table already in
    /// the plan or from a table in the plan to it.
    mutating func join(_ table: SQLTable, alias: String?, kind: SQLJoinKind, on column: SQLColumn?) {
        nameFirstSource()
        let alias = alias ?? "t\(sources.count)"
        var condition: JoinCondition?
        if kind != .cross {
            condition = onCondition(joining: table, alias: alias, through: column).map(JoinCondition.text)
            if condition == nil, buildError == nil {
                let name = column.map { "column \($0.name)" } ?? "no column"
                buildError = SQLError(code: .misuse, message: "cannot join \(table.name): \(name) is not a foreign key between it and \(sources.map(\.table.name).joined(separator: ", "))")
            }
        }
        sources.append(Source(table: table, alias: alias, kind: kind, on: condition))
    }

    /// Adds a joined table, matched where `condition` holds.
    mutating func join(_ table: SQLTable, alias: String?, kind: SQLJoinKind, where condition: SQLPredicate) {
        nameFirstSource()
        sources.append(Source(table: table, alias: alias ?? "t\(sources.count)", kind: kind, on: kind == .cross ? nil : .predicate(condition)))
    }

    /// Joins need every table named, so the first one gets an alias when it has none.
    private mutating func nameFirstSource() {
        if sources[0].alias == nil {
            sources[0] = Source(table: sources[0].table, alias: "t0", kind: nil, on: nil)
        }
    }

    private func onCondition(joining table: SQLTable, alias: String, through column: SQLColumn?) -> String? {
        guard let column, let reference = column.references else { return nil }
        // The new table holds the foreign key, pointing at a table already joined.
        if table.columns.contains(column), let target = sources.first(where: { $0.table.name == reference.tableName }) {
            return "\(alias.quotedIdentifier).\(column.quotedName) = \(qualifier(target)).\(reference.columnName.quotedIdentifier)"
        }
        // A joined table holds the foreign key, pointing at the new table.
        if reference.tableName == table.name, let holder = sources.first(where: { $0.table.columns.contains(column) }) {
            return "\(qualifier(holder)).\(column.quotedName) = \(alias.quotedIdentifier).\(reference.columnName.quotedIdentifier)"
        }
        return nil
    }

    private func qualifier(_ source: Source) -> String {
        (source.alias ?? source.table.name).quotedIdentifier
    }

    /// The alias to put before `column` in a predicate or ordering: that of the first table that
    /// declares it, when tables are aliased.
    private func alias(of column: SQLColumn) -> String? {
        guard sources.count > 1 || sources[0].alias != nil else { return nil }
        let source = sources.first { $0.table.columns.contains(column) } ?? sources[0]
        return source.alias ?? source.table.name
    }

    /// The SELECT statement and its parameters.
    func statement() -> (sql: String, parameters: [SQLValue]) {
        var columnList: [String] = []
        for source in sources {
            let prefix = source.alias.map { $0.quotedIdentifier + "." } ?? ""
            columnList += source.table.columns.map { prefix + $0.quotedName }
        }
        var sql = "SELECT " + columnList.joined(separator: ", ") + " FROM "
        var parameters: [SQLValue] = []
        for source in sources {
            if let kind = source.kind { sql += " \(kind.rawValue) " }
            sql += source.table.quotedName
            if let alias = source.alias { sql += " AS \(alias.quotedIdentifier)" }
            switch source.on {
            case .text(let condition)?:
                sql += " ON \(condition)"
            case .predicate(let predicate)?:
                let rendered = predicate.rendered(qualifier: alias(of:))
                sql += " ON " + rendered.sql
                parameters += rendered.parameters
            case nil:
                break
            }
        }
        if let predicate {
            let rendered = predicate.rendered(qualifier: alias(of:))
            sql += " WHERE " + rendered.sql
            parameters += rendered.parameters
        }
        if !orderings.isEmpty {
            sql += " ORDER BY " + orderings.map { column, order in
                (alias(of: column).map { $0.quotedIdentifier + "." } ?? "") + column.quotedName + " " + order.rawValue
            }.joined(separator: ", ")
        }
        if limit != nil || offset != nil {
            sql += " LIMIT ?"
            parameters.append(.long(Int64(limit ?? -1)))
            if let offset {
                sql += " OFFSET ?"
                parameters.append(.long(Int64(offset)))
            }
        }
        return (sql, parameters)
    }

    /// Prepares and binds the statement.
    ///
    /// - Throws: a build error, `SQLError` when the engine lacks RIGHT/FULL JOIN, or SQLite's error.
    @usableFromInline
    func prepare(on context: SQLContext) throws -> SQLStatement {
        if let buildError { throw buildError }
        if sources.contains(where: { $0.kind == .right || $0.kind == .full }), !context.supports(.rightAndFullJoin) {
            throw SQLError(code: .error, message: "RIGHT and FULL joins need SQLite 3.39 or later; this engine is SQLite \(context.version)")
        }
        let (sql, parameters) = statement()
        let prepared = try context.prepare(sql: sql)
        try prepared.bind(parameters: parameters)
        return prepared
    }

    /// The column offset of source `index` in each row.
    @usableFromInline
    func offset(ofSource index: Int) -> Int {
        sources[..<index].reduce(0) { $0 + $1.table.columns.count }
    }
}

extension SelectPlan {
    /// The plan with only the rows matching `predicate` as well; `nil` changes nothing.
    func filtered(by predicate: SQLPredicate?) -> SelectPlan {
        guard let predicate else { return self }
        var copy = self
        copy.predicate = copy.predicate.map { $0.and(predicate) } ?? predicate
        return copy
    }

    /// The plan sorted by `column` after any earlier ordering.
    func ordered(by column: SQLColumn, _ order: SQLOrder) -> SelectPlan {
        var copy = self
        copy.orderings.append((column, order))
        return copy
    }

    /// The plan with at most `limit` rows, after skipping `offset` rows.
    func limited(to limit: Int, offset: Int?) -> SelectPlan {
        var copy = self
        copy.limit = limit
        copy.offset = offset
        return copy
    }

    /// The SELECT statement with `?` for each value, and the values.
    var sqlAndParameters: (text: String, parameters: [SQLValue]) {
        let statement = statement()
        return (statement.sql, statement.parameters)
    }
}
