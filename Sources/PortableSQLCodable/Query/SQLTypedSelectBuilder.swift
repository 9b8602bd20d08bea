/// A query over the rows of `Root` records that takes typed conditions and orderings (key paths,
/// terms, SQL with key paths in it): `SQLTableQuery` and `SQLSelectQuery`.
public protocol SQLTypedSelectBuilder: SQLSelectBuilder {
    /// The record type whose key paths and terms the conditions and orderings name.
    associatedtype Root
}

extension SQLTypedSelectBuilder {
    /// The query with only the rows matching `condition` (and any earlier `where`):
    /// `\.age > 18 && \.name != nil`, `.like(\.name, "A%")`, or SQL (`"\(\.salary) % 2 = 0"`).
    public func `where`(_ condition: SQLCondition<Root>) -> Self {
        replacingPlan(plan.filtered(by: condition))
    }

    /// The query sorted by each of `orderings` in turn (after any earlier ordering):
    /// `orderBy(.desc(\.year), .asc(\.title))`.
    public func orderBy(_ orderings: SQLOrdering<Root>...) -> Self {
        replacingPlan(plan.ordered(by: orderings))
    }

    /// The query without repeated rows (`SELECT DISTINCT`).
    public func distinct() -> Self {
        replacingPlan(plan.distinctRows())
    }
}
