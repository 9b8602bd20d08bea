/// Two tables joined (`SQLQuery.join`); rows are pairs of optionals (`nil` where an outer join
/// found no match).
public struct SQLJoinQuery2<A: SQLCodable, B: SQLCodable> {
    @usableFromInline let context: SQLContext
    @usableFromInline var plan: SelectPlan

    /// The query with only the rows matching `predicate` as well, as ``SQLQuery/where(_:)-(SQLPredicate?)``.
    public func `where`(_ predicate: SQLPredicate?) -> Self {
        Self(context: context, plan: plan.filtered(by: predicate))
    }

    /// The query sorted by `column` next, as ``SQLQuery/orderBy(_:order:)``. A column, a column of an aliased table (`column.alias("t0")`) or a value.
    public func orderBy(_ column: any SQLRepresentable, order: SQLOrder = .ascending) -> Self {
        Self(context: context, plan: plan.ordered(by: column, order))
    }

    /// The query cut to `limit` rows after `offset`, as ``SQLQuery/limit(_:offset:)``.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        Self(context: context, plan: plan.limited(to: limit, offset: offset))
    }

    /// The query's SELECT statement and its values, as ``SQLQuery/sql``.
    public var sql: (text: String, parameters: [SQLValue]) {
        plan.sqlAndParameters
    }

    /// The query joined with a third table through the foreign key `column`; see `SQLQuery.join`.
    public func join<C: SQLCodable>(_ type: C.Type, alias: String? = nil, schema: String? = nil, kind: SQLJoinKind = .inner, on column: SQLColumn?) -> SQLJoinQuery3<A, B, C> {
        var plan = plan
        plan.join(C.table, alias: alias, schema: schema, kind: kind, on: column.map(SelectPlan.JoinCondition.column))
        return SQLJoinQuery3(context: context, plan: plan)
    }

    /// The query joined with a third table where `condition` holds; see `SQLQuery.join`.
    public func join<C: SQLCodable>(_ type: C.Type, alias: String? = nil, schema: String? = nil, kind: SQLJoinKind = .inner, on condition: SQLPredicate) -> SQLJoinQuery3<A, B, C> {
        var plan = plan
        plan.join(C.table, alias: alias, schema: schema, kind: kind, on: .predicate(condition))
        return SQLJoinQuery3(context: context, plan: plan)
    }

    /// Runs the query; the cursor reads the pairs as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared or the engine lacks the join kind.
    @inlinable
    public func eval() throws -> RowCursor<(A?, B?)> {
        let statement = try plan.prepare(on: context)
        let first = try RecordReader<A>(statement: statement, offset: plan.offset(ofSource: 0), context: context)
        let second = try RecordReader<B>(statement: statement, offset: plan.offset(ofSource: 1), context: context)
        return RowCursor(statement: statement) {
            (try first.readIfPresent(), try second.readIfPresent())
        }
    }
}
