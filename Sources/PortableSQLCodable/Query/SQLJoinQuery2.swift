/// Two tables joined (`SQLTableQuery.join`); rows are pairs of optionals (`nil` where an outer join
/// found no match).
public struct SQLJoinQuery2<A: SQLCodable, B: SQLCodable>: SQLQuery {
    /// The context the query runs on.
    public let context: SQLContext
    @usableFromInline var plan: SelectPlan

    /// The query with only the rows matching `predicate` as well, as ``SQLTableQuery/where(_:)-(SQLPredicate?)``.
    public func `where`(_ predicate: SQLPredicate?) -> Self {
        Self(context: context, plan: plan.filtered(by: predicate))
    }

    /// The query sorted by `column` next, as ``SQLTableQuery/orderBy(_:order:)``. A column, a column of an aliased table (`column.alias("t0")`) or a value.
    public func orderBy(_ column: any SQLRepresentable, order: SQLOrder = .ascending) -> Self {
        Self(context: context, plan: plan.ordered(by: column, order))
    }

    /// The query cut to `limit` rows after `offset`, as ``SQLTableQuery/limit(_:offset:)``.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        Self(context: context, plan: plan.limited(to: limit, offset: offset))
    }

    /// The query's SELECT statement and its values, as ``SQLTableQuery/sql``.
    public var sql: (text: String, parameters: [SQLValue]) {
        plan.sqlAndParameters
    }

    /// The query joined with `type`'s table (in `schema`, when given), named `alias` in the
    /// statement (without one, by its table name), matched as `condition` says:
    /// - a `SQLColumn`: a foreign key between the new table and the one joined just before (the
    ///   column of one equals the column it references in the other);
    /// - a `SQLPredicate`: any condition, such as columns of both tables compared
    ///   (`Book.authorID.alias("b").equals(Author.id.alias("a"))`);
    /// - a `SQLJoinCondition` of your own, which writes the ON clause itself;
    /// - `nil` (for a cross join): no ON clause.
    ///
    /// A column that links nothing joins every pair of rows, as in SkipSQL; under
    /// `SQLStrictness.foreignKeyJoins` the query throws `SQLITE_MISUSE` when it runs instead.
    public func join<C: SQLCodable>(_ type: C.Type, alias: String? = nil, schema: String? = nil, kind: SQLJoinKind = .inner, on condition: (any SQLJoinCondition)?) -> SQLJoinQuery3<A, B, C> {
        var plan = plan
        plan.join(C.table, alias: alias, schema: schema, kind: kind, on: SelectPlan.JoinCondition(condition))
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
