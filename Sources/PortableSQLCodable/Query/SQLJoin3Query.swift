/// Three tables joined; rows are triples of optionals.
public struct SQLJoin3Query<A: SQLCodable, B: SQLCodable, C: SQLCodable>: SQLQuery, SQLSelectBuilder {
    /// The context the query runs on.
    public let context: SQLContext
    /// The parts of the SELECT built so far.
    @usableFromInline var plan: SQLSelectPlan

    /// Runs the query; the cursor reads the triples as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared or the engine lacks the join kind.
    @inlinable
    public func eval() throws -> RowCursor<(A?, B?, C?)> {
        let statement = try plan.prepare(on: context)
        let first: RecordReader<A>
        let second: RecordReader<B>
        let third: RecordReader<C>
        do {
            first = try RecordReader<A>(statement: statement, offset: plan.offset(ofSource: 0), context: context)
            second = try RecordReader<B>(statement: statement, offset: plan.offset(ofSource: 1), context: context)
            third = try RecordReader<C>(statement: statement, offset: plan.offset(ofSource: 2), context: context)
        } catch {
            plan.giveBack(statement, to: context)
            throw error
        }
        return RowCursor(lentStatement: statement, by: context, restart: plan.restartsWhenTablesGo ? { try self.eval() } : nil) {
            (try first.readIfPresent(), try second.readIfPresent(), try third.readIfPresent())
        }
    }
}
