// The steps that refine a query, each returning a changed copy. Every query type declares its own,
// as SkipSQL's do; the work is the plan's (`SQLSelectPlan+Steps.swift`).

extension SQLTableQuery {
    /// The query with only the rows matching `predicate` (and any earlier `where`); `nil` leaves
    /// the query as it is.
    public func `where`(_ predicate: SQLPredicate?) -> Self {
        replacingPlan(plan.filtered(by: predicate))
    }

    /// The query with only the rows matching `condition` (and any earlier `where`):
    /// `\.age > 18 && \.name != nil`, `.like(\.name, "A%")`, or SQL (`"\(\.salary) % 2 = 0"`).
    public func `where`(_ condition: SQLCondition<T>) -> Self {
        replacingPlan(plan.filtered(by: condition))
    }

    /// The query sorted by `column` (after any earlier `orderBy`): a column, a column of an
    /// aliased table (`column.alias("t0")`) or a value.
    public func orderBy(_ column: any SQLRepresentable, order: SQLOrder = .ascending) -> Self {
        replacingPlan(plan.ordered(by: column, order))
    }

    /// The query sorted by the column `keyPath` reads (after any earlier `orderBy`):
    /// `orderBy(\.year, order: .descending).orderBy(\.title)`.
    public func orderBy<V>(_ keyPath: KeyPath<T, V>, order: SQLOrder = .ascending) -> Self {
        orderBy(SQLTerm(keyPath), order: order)
    }

    /// The query sorted by `term`, a column, aggregate or expression of the records (after any
    /// earlier `orderBy`).
    public func orderBy<V>(_ term: SQLTerm<T, V>, order: SQLOrder = .ascending) -> Self {
        replacingPlan(plan.ordered(by: term, order))
    }

    /// The query without repeated rows (`SELECT DISTINCT`).
    public func distinct() -> Self {
        replacingPlan(plan.distinctRows())
    }

    /// The query with at most `limit` rows (all of them for a negative limit), after skipping
    /// `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        replacingPlan(plan.limited(to: limit, offset: offset))
    }

    /// The SELECT statement the query runs: its text, with `?` for each value, and the values.
    public var expression: SQLExpression { plan.expression }
}

extension SQLJoin2Query {
    /// The query with only the rows matching `predicate` (and any earlier `where`); name the
    /// columns of each table by its alias (`Book.title.alias("b")`). `nil` leaves the query as it is.
    public func `where`(_ predicate: SQLPredicate?) -> Self {
        replacingPlan(plan.filtered(by: predicate))
    }

    /// The query sorted by `column` (after any earlier `orderBy`): a column, a column of an
    /// aliased table (`column.alias("b")`) or a value.
    public func orderBy(_ column: any SQLRepresentable, order: SQLOrder = .ascending) -> Self {
        replacingPlan(plan.ordered(by: column, order))
    }

    /// The query with at most `limit` rows (all of them for a negative limit), after skipping
    /// `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        replacingPlan(plan.limited(to: limit, offset: offset))
    }

    /// The SELECT statement the query runs: its text, with `?` for each value, and the values.
    public var expression: SQLExpression { plan.expression }
}

extension SQLJoin3Query {
    /// The query with only the rows matching `predicate` (and any earlier `where`); name the
    /// columns of each table by its alias. `nil` leaves the query as it is.
    public func `where`(_ predicate: SQLPredicate?) -> Self {
        replacingPlan(plan.filtered(by: predicate))
    }

    /// The query sorted by `column` (after any earlier `orderBy`): a column, a column of an
    /// aliased table or a value.
    public func orderBy(_ column: any SQLRepresentable, order: SQLOrder = .ascending) -> Self {
        replacingPlan(plan.ordered(by: column, order))
    }

    /// The query with at most `limit` rows (all of them for a negative limit), after skipping
    /// `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        replacingPlan(plan.limited(to: limit, offset: offset))
    }

    /// The SELECT statement the query runs: its text, with `?` for each value, and the values.
    public var expression: SQLExpression { plan.expression }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension SQLSelectQuery {
    /// The query with only the rows matching `condition` (and any earlier `where`), before grouping.
    public func `where`(_ condition: SQLCondition<Root>) -> Self {
        replacingPlan(plan.filtered(by: condition))
    }

    /// The query sorted by the column `keyPath` reads (after any earlier `orderBy`).
    public func orderBy<V>(_ keyPath: KeyPath<Root, V>, order: SQLOrder = .ascending) -> Self {
        orderBy(SQLTerm(keyPath), order: order)
    }

    /// The query sorted by `term`, a column, aggregate or expression (after any earlier
    /// `orderBy`): `orderBy(.count(), order: .descending).orderBy(\.city)`.
    public func orderBy<V>(_ term: SQLTerm<Root, V>, order: SQLOrder = .ascending) -> Self {
        replacingPlan(plan.ordered(by: term, order))
    }

    /// The query without repeated rows (`SELECT DISTINCT`).
    public func distinct() -> Self {
        replacingPlan(plan.distinctRows())
    }

    /// The query with at most `limit` rows (all of them for a negative limit), after skipping
    /// `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        replacingPlan(plan.limited(to: limit, offset: offset))
    }

    /// The SELECT statement the query runs: its text, with `?` for each value, and the values.
    public var expression: SQLExpression { plan.expression }
}
