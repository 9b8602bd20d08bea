/// A query that builds its SELECT step by step: `SQLTableQuery`, `SQLJoinQuery2`,
/// `SQLJoinQuery3` and `SQLSelectQuery`. The steps they share are written once, here: each
/// returns the query with its plan changed, and `sql` shows the statement the plan makes.
public protocol SQLSelectBuilder {
    /// The parts of the SELECT built so far.
    var plan: SQLSelectPlan { get set }
}

extension SQLSelectBuilder {
    /// The query with at most `limit` rows (all of them for a negative limit), after skipping
    /// `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        replacingPlan(plan.limited(to: limit, offset: offset))
    }

    /// The SELECT statement the query runs, with `?` for each value, and the values.
    public var sql: (text: String, parameters: [SQLValue]) {
        plan.sqlAndParameters
    }

    /// The query with `plan` in place of its own.
    func replacingPlan(_ plan: SQLSelectPlan) -> Self {
        var query = self
        query.plan = plan
        return query
    }
}

// SkipSQL's steps, for the queries that read whole records (`SQLQuery`'s).
extension SQLSelectBuilder where Self: SQLQuery {
    /// The query with only the rows matching `predicate` (and any earlier `where`); `nil`
    /// leaves the query as it is.
    public func `where`(_ predicate: SQLPredicate?) -> Self {
        replacingPlan(plan.filtered(by: predicate))
    }

    /// The query sorted by `column` (after any earlier `orderBy`): a column, a column of an
    /// aliased table (`column.alias("t0")`) or a value.
    public func orderBy(_ column: any SQLRepresentable, order: SQLOrder = .ascending) -> Self {
        replacingPlan(plan.ordered(by: column, order))
    }
}
