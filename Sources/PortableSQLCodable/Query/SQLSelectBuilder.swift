/// A query that builds its SELECT step by step: `SQLTableQuery`, `SQLJoin2Query`,
/// `SQLJoin3Query` and `SQLSelectQuery`. Each public step is a method of the query
/// (`QuerySteps.swift`) that returns it with its plan changed.
protocol SQLSelectBuilder {
    /// The parts of the SELECT built so far.
    var plan: SQLSelectPlan { get set }
}

extension SQLSelectBuilder {
    /// The query with `plan` in place of its own.
    func replacingPlan(_ plan: SQLSelectPlan) -> Self {
        var query = self
        query.plan = plan
        return query
    }
}
