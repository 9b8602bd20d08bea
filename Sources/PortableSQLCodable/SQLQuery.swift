/// A query for records of one type: refine it with `where`, `orderBy`, `limit` and `join`, then
/// run it with `eval()`.
public struct SQLQuery<T: SQLCodable>: SQLQueryRefining {
    let context: SQLContext
    /// The plan the query is built on.
    public var plan: SelectPlan

    /// The query joined with `type`'s table under `alias`, matched through the foreign key
    /// `column` (declared on either table); `cross` needs no column.
    public func join<U: SQLCodable>(_ type: U.Type, _ alias: String, kind: SQLJoinKind = .inner, on column: SQLColumn? = nil) -> SQLJoinQuery<T, U> {
        var plan = plan
        plan.join(U.table, alias: alias, kind: kind, on: column)
        return SQLJoinQuery(context: context, plan: plan)
    }

    /// Runs the query; the cursor reads the records as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared.
    public func eval() throws -> RowCursor<T> {
        let statement = try plan.prepare(on: context)
        let table = T.table
        let context = context
        return RowCursor(statement: statement) { statement in
            try T.decode(statement, columns: table.columns, offset: 0, context: context, tableName: table.name)
        }
    }
}

/// Two tables joined; rows are pairs of optionals (`nil` where an outer join found no match).
public struct SQLJoinQuery<A: SQLCodable, B: SQLCodable>: SQLQueryRefining {
    let context: SQLContext
    /// The plan the query is built on.
    public var plan: SelectPlan

    /// The query joined with a third table; see `SQLQuery.join`.
    public func join<C: SQLCodable>(_ type: C.Type, _ alias: String, kind: SQLJoinKind = .inner, on column: SQLColumn? = nil) -> SQLJoinQuery3<A, B, C> {
        var plan = plan
        plan.join(C.table, alias: alias, kind: kind, on: column)
        return SQLJoinQuery3(context: context, plan: plan)
    }

    /// Runs the query; the cursor reads the pairs as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared or the engine lacks the join kind.
    public func eval() throws -> RowCursor<(A?, B?)> {
        let statement = try plan.prepare(on: context)
        let (plan, context) = (plan, context)
        return RowCursor(statement: statement) { statement in
            (try plan.decode(A.self, source: 0, statement, context), try plan.decode(B.self, source: 1, statement, context))
        }
    }
}

/// Three tables joined; rows are triples of optionals.
public struct SQLJoinQuery3<A: SQLCodable, B: SQLCodable, C: SQLCodable>: SQLQueryRefining {
    let context: SQLContext
    /// The plan the query is built on.
    public var plan: SelectPlan

    /// Runs the query; the cursor reads the triples as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared or the engine lacks the join kind.
    public func eval() throws -> RowCursor<(A?, B?, C?)> {
        let statement = try plan.prepare(on: context)
        let (plan, context) = (plan, context)
        return RowCursor(statement: statement) { statement in
            (
                try plan.decode(A.self, source: 0, statement, context), try plan.decode(B.self, source: 1, statement, context),
                try plan.decode(C.self, source: 2, statement, context)
            )
        }
    }
}

extension SelectPlan {
    /// The record of source `index` in the current row, or `nil` when an outer join matched none
    /// (its key columns, or all its columns for a table without a key, are NULL).
    func decode<T: SQLCodable>(_ type: T.Type, source index: Int, _ statement: SQLStatement, _ context: SQLContext) throws -> T? {
        let table = sources[index].table
        let offset = offset(ofSource: index)
        let presence = table.primaryKeyColumns.isEmpty ? table.columns : table.primaryKeyColumns
        var missing = true
        for column in presence {
            guard let position = table.columns.firstIndex(of: column) else { continue }
            if try !statement.isNull(at: offset + position) {
                missing = false
                break
            }
        }
        if missing { return nil }
        return try T.decode(statement, columns: table.columns, offset: offset, context: context, tableName: table.name)
    }
}

extension SQLContext {
    /// A query for records of `type`; `alias` names its table in the SQL (needed to join it to itself).
    public func query<T: SQLCodable>(_ type: T.Type, alias: String? = nil) -> SQLQuery<T> {
        SQLQuery(context: self, plan: SelectPlan(table: T.table, alias: alias))
    }
}
