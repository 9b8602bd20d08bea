/// Three tables joined; rows are triples of optionals.
public struct SQLJoinQuery3<A: SQLCodable, B: SQLCodable, C: SQLCodable>: SQLQuery {
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

    /// Runs the query; the cursor reads the triples as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared or the engine lacks the join kind.
    @inlinable
    public func eval() throws -> RowCursor<(A?, B?, C?)> {
        let statement = try plan.prepare(on: context)
        let first = try RecordReader<A>(statement: statement, offset: plan.offset(ofSource: 0), context: context)
        let second = try RecordReader<B>(statement: statement, offset: plan.offset(ofSource: 1), context: context)
        let third = try RecordReader<C>(statement: statement, offset: plan.offset(ofSource: 2), context: context)
        return RowCursor(statement: statement) {
            (try first.readIfPresent(), try second.readIfPresent(), try third.readIfPresent())
        }
    }
}
