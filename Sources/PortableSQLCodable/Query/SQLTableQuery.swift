/// A query for records of one type: refine it with `where`, `orderBy`, `distinct`, `limit` and
/// `join`, then run it with `fetchAll()`, `fetchOne()` or `eval()`.
public struct SQLTableQuery<T: SQLCodable>: SQLQuery, SQLSelectBuilder {
    /// The context the query runs on.
    public let context: SQLContext
    /// The parts of the SELECT built so far.
    @usableFromInline var plan: SQLSelectPlan

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
    public func join<U: SQLCodable>(_ type: U.Type, alias: String? = nil, schema: String? = nil, kind: SQLJoinType = .inner, on condition: (any SQLJoinCondition)?) -> SQLJoin2Query<T, U> {
        SQLJoin2Query(context: context, plan: plan.joined(U.table, alias: alias, schema: schema, kind: kind, on: condition))
    }

    /// Runs the query; the cursor reads the records as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared.
    @inlinable
    public func eval() throws -> RowCursor<T> {
        let statement = try plan.prepare(on: context)
        let reader: RecordReader<T>
        do {
            reader = try RecordReader<T>(statement: statement, offset: 0, context: context)
        } catch {
            plan.giveBack(statement, to: context)
            throw error
        }
        return RowCursor(lentStatement: statement, by: context, restart: plan.restartsWhenTablesGo ? { try self.eval() } : nil, decode: reader.read)
    }
}

extension SQLContext {
    /// A query for records of `type`; `alias` names its table in the SQL (needed to join it to itself).
    ///
    /// ```swift
    /// let recent = try db.query(Book.self)
    ///     .where(Book.year.greaterThan(2000))
    ///     .orderBy(Book.year, order: .descending)
    ///     .limit(10)
    ///     .eval()
    /// for book in recent { print(book.title) }
    /// ```
    /// - Parameters:
    ///   - type: the record type to read.
    ///   - alias: the table's name in the statement, or `nil` for none.
    ///   - schema: the database the table is in (`"main"`, an attached one), or `nil`.
    /// - Returns: a query to refine with `where`, `orderBy`, `limit` and `join`, and run with `eval()`.
    public func query<T: SQLCodable>(_ type: T.Type, alias: String? = nil, schema: String? = nil) -> SQLTableQuery<T> {
        SQLTableQuery(context: self, plan: SQLSelectPlan(table: T.table, alias: alias, schema: schema))
    }
}
