/// The parts of a SELECT over one or more tables that a query has built so far: its tables, what
/// it selects, its conditions, grouping, order and limit. Queries change it through their
/// steps (`SQLSelectBuilder`). The statement is SkipSQL's, character for character.
@usableFromInline
struct SQLSelectPlan {
    /// One table of the FROM clause.
    struct Source {
        let table: SQLTable
        /// The alias, written as given (`t0."ID"`), or `nil` to use the table's quoted name.
        let alias: String?
        /// The schema (`"main"`, an attached database) the table is in, or `nil`.
        let schema: String?
        let kind: SQLJoinType?
        let on: JoinCondition?

        /// The table as a join condition of the app's own sees it.
        var qualified: QualifiedTable { QualifiedTable(table: table, alias: alias, schema: schema) }
    }

    /// How a joined table matches: through a foreign-key column, where a predicate holds, or as
    /// a join condition of the app's own writes it.
    enum JoinCondition {
        case column(SQLColumn)
        case predicate(SQLPredicate)
        case custom(any SQLJoinCondition)

        /// The condition of a `join(…, on:)`; `nil` for none.
        init?(_ condition: (any SQLJoinCondition)?) {
            switch condition {
            case nil: return nil
            case let column as SQLColumn: self = .column(column)
            case let predicate as SQLPredicate: self = .predicate(predicate)
            case let custom?: self = .custom(custom)
            }
        }
    }

    var sources: [Source]
    /// What the statement selects, when not every column of every table.
    var selection: [SQLOperand]?
    var distinct = false
    var predicates: [SQLPredicate] = []
    var groupings: [SQLOperand] = []
    var havings: [SQLPredicate] = []
    var orderings: [(SQLOperand, SQLOrder)] = []
    var limit: Int?
    var offset: Int?
    /// An error found while building, thrown by `eval()`.
    var buildError: SQLError?
    /// A join through a column that links nothing, thrown by `eval()` only under
    /// `SQLStrictness.foreignKeyJoins`; otherwise the join runs as SkipSQL writes it.
    var unlinkedJoin: SQLError?

    init(table: SQLTable, alias: String?, schema: String?) {
        sources = [Source(table: table, alias: alias, schema: schema, kind: nil, on: nil)]
    }

    /// The condition's SQL between `previous` and `joined`, its values appended to `parameters`.
    private static func onClause(_ condition: any SQLJoinCondition, _ previous: Source, _ joined: Source, into parameters: inout [SQLValue]) -> String {
        var expression = SQLExpression("")
        condition.applyJoinCondition(to: &expression, fromTable: previous.qualified, toTable: joined.qualified)
        parameters += expression.bindings
        return expression.sql
    }

    /// The SELECT statement and its parameters.
    func statement() -> (sql: String, parameters: [SQLValue]) {
        var parameters: [SQLValue] = []
        var columnList: [String] = []
        if let selection {
            columnList = selection.map { $0.render(into: &parameters) }
        } else {
            for source in sources {
                let prefix = source.alias.map { $0 + "." } ?? ""
                columnList += source.table.columns.map { prefix + $0.quotedIdentifier }
            }
        }
        var sql = (distinct ? "SELECT DISTINCT " : "SELECT ") + columnList.joined(separator: ", ") + " FROM "
        for (index, source) in sources.enumerated() {
            if let kind = source.kind { sql += " \(kind.rawValue) " }
            sql += source.table.quotedName(inSchema: source.schema)
            if let alias = source.alias { sql += " AS " + alias }
            switch source.on {
            case .column(let column)?:
                sql += " ON " + Self.onClause(column, sources[index - 1], source, into: &parameters)
            case .predicate(let predicate)?:
                let rendered = predicate.rendered()
                sql += " ON " + rendered.sql
                parameters += rendered.parameters
            case .custom(let condition)?:
                sql += " ON " + Self.onClause(condition, sources[index - 1], source, into: &parameters)
            case nil:
                break
            }
        }
        if !predicates.isEmpty {
            let rendered = SQLPredicate.all(predicates).rendered()
            sql += " WHERE " + rendered.sql
            parameters += rendered.parameters
        }
        if !groupings.isEmpty {
            sql += " GROUP BY " + groupings.map { $0.render(into: &parameters) }.joined(separator: ", ")
        }
        if !havings.isEmpty {
            let rendered = SQLPredicate.all(havings).rendered()
            sql += " HAVING " + rendered.sql
            parameters += rendered.parameters
        }
        if !orderings.isEmpty {
            sql += " ORDER BY " + orderings.map { operand, order in operand.render(into: &parameters) + " " + order.rawValue }.joined(separator: ", ")
        }
        if let limit { sql += " LIMIT \(limit)" }
        if let offset { sql += " OFFSET \(offset)" }
        return (sql, parameters)
    }

    /// The statement, lent by the context's statement cache and bound: give it back with
    /// `SQLContext.checkInQueryStatement(_:)` (a `RowCursor` does when it closes).
    ///
    /// - Throws: a build error (an unlinked join under `SQLStrictness.foreignKeyJoins`),
    ///   `SQLError` when the engine lacks RIGHT/FULL JOIN, or SQLite's error.
    @usableFromInline
    func prepare(on context: SQLContext) throws -> SQLStatement {
        if let buildError { throw buildError }
        if let unlinkedJoin, context.strictness.contains(.foreignKeyJoins) { throw unlinkedJoin }
        if sources.contains(where: { ($0.kind == .right && !context.supports(.rightJoin)) || ($0.kind == .full && !context.supports(.fullOuterJoin)) }) {
            throw SQLError(code: .error, message: "RIGHT and FULL joins need SQLite 3.39 or later; this engine is SQLite \(context.version)")
        }
        let (sql, parameters) = statement()
        let (lent, isNew) = try creatingRecordTables(on: context) { prefix in try context.checkOutQueryStatement(prefix + sql) }
        do {
            // A property of the text, checked when it is prepared (and whenever the counts differ,
            // for a statement that `selectAll` cached for the same text).
            if isNew || lent.parameterCount != parameters.count { try lent.checkParametersAreValues(count: parameters.count) }
            try lent.bind(parameters: parameters)
        } catch {
            if isNew { context.discardQueryStatement(lent) } else { context.checkInQueryStatement(lent) }
            throw error
        }
        return lent
    }

    /// Gives back a statement of `prepare(on:)` that no cursor took.
    @usableFromInline
    func giveBack(_ statement: SQLStatement, to context: SQLContext) {
        context.checkInQueryStatement(statement)
    }

    /// Runs `body` with the statement (as `prepare(on:)` gives it) and gives it back; when
    /// its first step finds its table missing, prepares it anew and runs `body` again (see
    /// `restartsWhenTablesGo`).
    ///
    /// - Throws: as `prepare(on:)`, or what `body` throws.
    func withStatement<R>(on context: SQLContext, _ body: (SQLStatement) throws -> R) throws -> R {
        let statement = try prepare(on: context)
        do {
            defer { context.checkInQueryStatement(statement) }
            return try body(statement)
        } catch {
            guard restartsWhenTablesGo, Self.missesTable(error) else { throw error }
            context.discardQueryStatement(statement)
            let fresh = try prepare(on: context)
            defer { context.checkInQueryStatement(fresh) }
            return try body(fresh)
        }
    }

    /// Whether the plan runs again, prepared anew, when the first step of its statement finds a
    /// table or column missing: when it reads a table created on first use. Preparing is where
    /// such a table is created (`creatingRecordTables`), and a statement cached before the
    /// table was dropped reports it missing only when it steps; it is discarded and the plan
    /// prepared again, as each run of the plan did before statements were cached.
    @usableFromInline
    var restartsWhenTablesGo: Bool {
        sources.contains { $0.table.createdOnFirstUse }
    }

    /// Whether `error` is SQLite's report of a table or column that does not exist.
    @usableFromInline
    static func missesTable(_ error: any Error) -> Bool {
        guard let error = error as? SQLError, error.code == .error else { return false }
        return error.message.hasPrefix("no such table") || error.message.hasPrefix("no such column")
    }

    /// Runs `body`, the plan's statement (which reads), with the tables of plain `Codable` records
    /// among its sources made to exist, or standing in for them when they cannot be
    /// (`SQLContext.creatingRecordTables(_:inSchema:reading:)`); a plan over other tables runs
    /// it as it is. `body` puts the text it gets before its statement.
    ///
    /// - Throws: what `body` throws, or a source table's `definitionError`.
    func creatingRecordTables<R>(on context: SQLContext, _ body: (_ prefix: String) throws -> R) throws -> R {
        guard sources.contains(where: { $0.table.createdOnFirstUse || $0.table.definitionError != nil }) else { return try body("") }
        return try context.creatingRecordTables(sources.map(\.table), inSchema: sources[0].schema, reading: body)
    }

    /// The column offset of source `index` in each row.
    @usableFromInline
    func offset(ofSource index: Int) -> Int {
        sources[..<index].reduce(0) { $0 + $1.table.columns.count }
    }
}

