/// A query of chosen terms (columns, aggregates, expressions) of `Root` records, each row read
/// as a `(repeat each Value)` tuple (one term: its plain value). Made by `SQLTableQuery.select`;
/// refine it with `groupBy`, `having`, `orderBy`, `limit` and `distinct`, then read it with
/// `fetchAll()`, `fetchOne()` or, untyped, `fetchValues()`. Every value is bound.
///
/// ```swift
/// let perCity = try db.query(Person.self)
///     .select(.column(\.city), .count())
///     .groupBy(\.city)
///     .having(.count() > 1)
///     .fetchAll()            // [(String, Int)]
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct SQLSelectQuery<Root: SQLCodable, each Value>: SQLSelectBuilder {
    let context: SQLContext
    /// The parts of the SELECT built so far.
    @usableFromInline var plan: SQLSelectPlan

    init(context: SQLContext, plan: SQLSelectPlan) {
        self.context = context
        self.plan = plan
    }

    /// Rows grouped by the column `keyPath` reads (after any earlier grouping).
    public func groupBy<V>(_ keyPath: KeyPath<Root, V>) -> Self {
        groupBy(SQLTerm(keyPath))
    }

    /// Rows grouped by `term` (after any earlier grouping).
    public func groupBy<V>(_ term: SQLTerm<Root, V>) -> Self {
        var plan = plan
        plan.groupings.append(term.operand)
        return replacingPlan(plan.failing(with: term.error))
    }

    /// Only the groups matching `condition` (`.count() > 1`).
    public func having(_ condition: SQLCondition<Root>) -> Self {
        var plan = plan
        plan.havings.append(condition.predicate)
        return replacingPlan(plan.failing(with: condition.error))
    }

    /// Every row, each as a tuple of the terms' types.
    ///
    /// - Throws: `SQLError` when the statement cannot run; `SQLDecodingError` naming the column
    ///   for a value that is no value of its term's type (NULL for a type that is not optional).
    public func fetchAll() throws -> [(repeat each Value)] {
        try plan.withStatement(on: context) { statement in
            var rows: [(repeat each Value)] = []
            while try statement.next() {
                var index = 0
                func read<V>(_ type: V.Type) throws -> V {
                    defer { index += 1 }
                    return try SQLResultValue.read(type, from: statement.value(at: index), column: statement.columnNames[index])
                }
                rows.append((repeat try read((each Value).self)))
            }
            return rows
        }
    }

    /// The first row, or `nil`.
    ///
    /// - Throws: as `fetchAll()`.
    public func fetchOne() throws -> (repeat each Value)? {
        let rows = try limit(1).fetchAll()
        return rows.first
    }

    /// Every row, as its values.
    ///
    /// - Throws: `SQLError` when the statement cannot run.
    public func fetchValues() throws -> [[SQLValue]] {
        try plan.withStatement(on: context) { statement in
            var rows: [[SQLValue]] = []
            while try statement.next() {
                rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
            }
            return rows
        }
    }
}
