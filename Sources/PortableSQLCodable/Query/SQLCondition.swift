/// A condition on `Root` records, typed by their properties: built from key paths and values of
/// the same type (`\.age > 18 && \.name == "Ada"`), from the builders (`.like(\.name, "A%")`,
/// `.in(\.id, ids)`, `.between(\.age, 18, 65)`), or written in SQL by interpolation
/// (`"\(\.salary) % 2 = 0"`, where values are bound and key paths are columns). A key path to a
/// property of another type than the value does not compile.
///
/// Queries take it in `where` and `having`; it holds the same `SQLPredicate` the untyped API builds.
public struct SQLCondition<Root>: ExpressibleByStringInterpolation {
    /// The condition.
    public let predicate: SQLPredicate
    /// Why the condition could not be built (a key path that reads no column), thrown where it is used.
    let error: SQLError?

    /// The condition's SQL text and its values.
    var expression: SQLExpression {
        if case .expression(let expression) = predicate.form { return expression }
        let (text, parameters) = predicate.rendered()
        return SQLExpression(text, parameters)
    }

    /// A condition of `predicate`.
    public init(_ predicate: SQLPredicate) {
        self.init(predicate: predicate, error: nil)
    }

    init(predicate: SQLPredicate, error: SQLError?) {
        self.predicate = predicate
        self.error = error
    }

    /// A condition written in SQL without interpolations.
    public init(stringLiteral value: String) {
        self.init(predicate: .expression(SQLExpression(value)), error: nil)
    }

    /// A condition written in SQL with interpolations.
    public init(stringInterpolation: SQLInterpolation<Root>) {
        self.init(predicate: .expression(stringInterpolation.expression), error: stringInterpolation.error)
    }

    /// A condition written as `SQL`.
    public init(_ sql: SQL) {
        self.init(predicate: .expression(sql.expression), error: sql.error)
    }

    /// Both conditions.
    public static func && (lhs: SQLCondition, rhs: SQLCondition) -> SQLCondition {
        SQLCondition(predicate: .all([lhs.predicate, rhs.predicate]), error: lhs.error ?? rhs.error)
    }

    /// Either condition.
    public static func || (lhs: SQLCondition, rhs: SQLCondition) -> SQLCondition {
        SQLCondition(predicate: .any([lhs.predicate, rhs.predicate]), error: lhs.error ?? rhs.error)
    }

    /// Both: a key-path condition and a predicate over declared columns
    /// (`\.age > 18 && Person.city.equals("Oslo")`), in one tree.
    public static func && (lhs: SQLCondition, rhs: SQLPredicate) -> SQLCondition {
        SQLCondition(predicate: .all([lhs.predicate, rhs]), error: lhs.error)
    }

    /// Both: a predicate over declared columns and a key-path condition, in one tree.
    public static func && (lhs: SQLPredicate, rhs: SQLCondition) -> SQLCondition {
        SQLCondition(predicate: .all([lhs, rhs.predicate]), error: rhs.error)
    }

    /// Either: a key-path condition or a predicate over declared columns, in one tree.
    public static func || (lhs: SQLCondition, rhs: SQLPredicate) -> SQLCondition {
        SQLCondition(predicate: .any([lhs.predicate, rhs]), error: lhs.error)
    }

    /// Either: a predicate over declared columns or a key-path condition, in one tree.
    public static func || (lhs: SQLPredicate, rhs: SQLCondition) -> SQLCondition {
        SQLCondition(predicate: .any([lhs, rhs.predicate]), error: rhs.error)
    }

    /// The negation of the condition.
    public static prefix func ! (condition: SQLCondition) -> SQLCondition {
        SQLCondition(predicate: .negation(condition.predicate), error: condition.error)
    }

    /// `term <comparison> value`.
    static func compare<V>(_ term: SQLTerm<Root, V>, _ comparison: SQLComparison, _ value: SQLValue) -> SQLCondition {
        SQLCondition(predicate: .compare(term.operand, comparison, .value(value)), error: term.error)
    }
}

extension SQLCondition where Root: SQLCodable {
    /// `column LIKE pattern`: `%` matches any run of characters, `_` any one; ASCII letters
    /// match either case.
    public static func like(_ keyPath: KeyPath<Root, String>, _ pattern: String) -> SQLCondition {
        compare(SQLTerm(keyPath), .like, .text(pattern))
    }

    /// `column LIKE pattern`, for an optional text property.
    public static func like(_ keyPath: KeyPath<Root, String?>, _ pattern: String) -> SQLCondition {
        compare(SQLTerm(keyPath), .like, .text(pattern))
    }

    /// `column IN (values…)`; matches nothing when `values` is empty.
    public static func `in`<V: SQLColumnValue>(_ keyPath: KeyPath<Root, V>, _ values: [V]) -> SQLCondition {
        member(SQLTerm(keyPath), values)
    }

    /// `column IN (values…)`, for an optional property; matches nothing when `values` is empty.
    public static func `in`<V: SQLColumnValue>(_ keyPath: KeyPath<Root, V?>, _ values: [V]) -> SQLCondition {
        member(SQLTerm(keyPath), values)
    }

    /// `column IN (SELECT …)`: the column's value is one the subquery selects.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public static func `in`<V: SQLColumnValue, Other>(_ keyPath: KeyPath<Root, V>, _ subquery: SQLSelectQuery<Other, V>) -> SQLCondition {
        member(SQLTerm(keyPath), subquery)
    }

    /// `column IN (SELECT …)`, for an optional property.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public static func `in`<V: SQLColumnValue, Other>(_ keyPath: KeyPath<Root, V?>, _ subquery: SQLSelectQuery<Other, V>) -> SQLCondition {
        member(SQLTerm(keyPath), subquery)
    }

    private static func member<T, V: SQLColumnValue>(_ term: SQLTerm<Root, T>, _ values: [V]) -> SQLCondition {
        SQLCondition(predicate: .member(term.operand, of: values.map { .value($0.sqlValue) }), error: term.error)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private static func member<T, V, Other>(_ term: SQLTerm<Root, T>, _ subquery: SQLSelectQuery<Other, V>) -> SQLCondition {
        let (text, parameters) = subquery.plan.statement()
        return SQLCondition(predicate: .expression(SQLExpression(term.renderedText + " IN (" + text + ")", parameters)), error: term.error ?? subquery.plan.buildError)
    }

    /// `column BETWEEN low AND high` (both ends included).
    public static func between<V: SQLColumnValue>(_ keyPath: KeyPath<Root, V>, _ low: V, _ high: V) -> SQLCondition {
        let term = SQLTerm(keyPath)
        return SQLCondition(predicate: .between(term.operand, .value(low.sqlValue), .value(high.sqlValue)), error: term.error)
    }
}
