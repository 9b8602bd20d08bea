/// Two tables joined (`SQLTableQuery.join`); rows are pairs of optionals (`nil` where an outer join
/// found no match).
public struct SQLJoin2Query<A: SQLCodable, B: SQLCodable>: SQLQuery, SQLSelectBuilder {
    /// The context the query runs on.
    public let context: SQLContext
    /// The parts of the SELECT built so far.
    @usableFromInline var plan: SQLSelectPlan

    /// The query joined with `type`'s table as well (in `schema`, when given, named `alias`),
    /// matched with the table joined last as `condition` says; see
    /// `SQLTableQuery.join(_:alias:schema:kind:on:)` for the conditions it takes.
    public func join<C: SQLCodable>(_ type: C.Type, alias: String? = nil, schema: String? = nil, kind: SQLJoinType = .inner, on condition: (any SQLJoinCondition)?) -> SQLJoin3Query<A, B, C> {
        SQLJoin3Query(context: context, plan: plan.joined(C.table, alias: alias, schema: schema, kind: kind, on: condition))
    }

    /// Runs the query; the cursor reads the pairs as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared or the engine lacks the join kind.
    @inlinable
    public func eval() throws -> RowCursor<(A?, B?)> {
        let statement = try plan.prepare(on: context)
        let first: RecordReader<A>
        let second: RecordReader<B>
        do {
            first = try RecordReader<A>(statement: statement, offset: plan.offset(ofSource: 0), context: context)
            second = try RecordReader<B>(statement: statement, offset: plan.offset(ofSource: 1), context: context)
        } catch {
            plan.giveBack(statement, to: context)
            throw error
        }
        return RowCursor(lentStatement: statement, by: context, restart: plan.restartsWhenTablesGo ? { try self.eval() } : nil) {
            (try first.readIfPresent(), try second.readIfPresent())
        }
    }
}
