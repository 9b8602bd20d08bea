/// A query for records of one type: refine it with `where`, `orderBy`, `limit` and `join`, then
/// run it with `eval()`.
public struct SQLQuery<T: SQLCodable>: SQLQueryRefining {
    @usableFromInline let context: SQLContext
    /// The plan the query is built on.
    public var plan: SelectPlan

    /// The query joined with `type`'s table under `alias`, matched through the foreign key
    /// `column` (declared on either table); `cross` needs no column.
    public func join<U: SQLCodable>(_ type: U.Type, _ alias: String, kind: SQLJoinKind = .inner, on column: SQLColumn? = nil) -> SQLJoinQuery<T, U> {
        join(type, alias: alias, kind: kind, on: column)
    }

    /// The query joined with `type`'s table, matched through the foreign key `column` (SkipSQL's
    /// spelling); without `alias`, the table is named `t1`.
    public func join<U: SQLCodable>(_ type: U.Type, alias: String? = nil, kind: SQLJoinKind = .inner, on column: SQLColumn?) -> SQLJoinQuery<T, U> {
        var plan = plan
        plan.join(U.table, alias: alias, kind: kind, on: column)
        return SQLJoinQuery(context: context, plan: plan)
    }

    /// The query joined with `type`'s table where `condition` holds: any predicate, such as
    /// columns of both tables compared (`Book.authorID.alias("b").equals(Author.id.alias("a"))`).
    /// Without `alias`, the table is named `t1`.
    public func join<U: SQLCodable>(_ type: U.Type, alias: String? = nil, kind: SQLJoinKind = .inner, on condition: SQLPredicate) -> SQLJoinQuery<T, U> {
        var plan = plan
        plan.join(U.table, alias: alias, kind: kind, where: condition)
        return SQLJoinQuery(context: context, plan: plan)
    }

    /// Runs the query; the cursor reads the records as you iterate.
    ///
    /// - Throws: `SQLError` when the statement cannot be prepared.
    @inlinable
    public func eval() throws -> RowCursor<T> {
        let statement = try plan.prepare(on: context)
        let reader = try RecordReader<T>(statement: statement, offset: 0, context: context)
        return RowCursor(statement: statement, decode: reader.read)
    }
}

/// Two tables joined; rows are pairs of optionals (`nil` where an outer join found no match).
public struct SQLJoinQuery<A: SQLCodable, B: SQLCodable>: SQLQueryRefining {
    @usableFromInline let context: SQLContext
    /// The plan the query is built on.
    public var plan: SelectPlan

    /// The query joined with a third table; see `SQLQuery.join`.
    public func join<C: SQLCodable>(_ type: C.Type, _ alias: String, kind: SQLJoinKind = .inner, on column: SQLColumn? = nil) -> SQLJoinQuery3<A, B, C> {
        join(type, alias: alias, kind: kind, on: column)
    }

    /// The query joined with a third table through the foreign key `column`; see `SQLQuery.join`.
    public func join<C: SQLCodable>(_ type: C.Type, alias: String? = nil, kind: SQLJoinKind = .inner, on column: SQLColumn?) -> SQLJoinQuery3<A, B, C> {
        var plan = plan
        plan.join(C.table, alias: alias, kind: kind, on: column)
        return SQLJoinQuery3(context: context, plan: plan)
    }

    /// The query joined with a third table where `condition` holds; see `SQLQuery.join`.
    public func join<C: SQLCodable>(_ type: C.Type, alias: String? = nil, kind: SQLJoinKind = .inner, on condition: SQLPredicate) -> SQLJoinQuery3<A, B, C> {
        var plan = plan
        plan.join(C.table, alias: alias, kind: kind, where: condition)
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

/// Three tables joined; rows are triples of optionals.
public struct SQLJoinQuery3<A: SQLCodable, B: SQLCodable, C: SQLCodable>: SQLQueryRefining {
    @usableFromInline let context: SQLContext
    /// The plan the query is built on.
    public var plan: SelectPlan

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

extension SQLContext {
    /// A query for records of `type`; `alias` names its table in the SQL (needed to join it to itself).
    public func query<T: SQLCodable>(_ type: T.Type, alias: String? = nil) -> SQLQuery<T> {
        SQLQuery(context: self, plan: SelectPlan(table: T.table, alias: alias))
    }
}
