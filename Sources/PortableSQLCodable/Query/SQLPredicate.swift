/// A condition on the columns of a table, for queries, counts and deletes.
///
/// Build predicates from columns (`DemoTable.num.isNull().or(DemoTable.txt.equals("ABC"))`) or,
/// as in SkipSQL, with the static builders (`.equals(DemoTable.txt, SQLValue("ABC"))`), which
/// take a column, a column of an aliased table (`column.alias("t0")`) or a value on either side.
/// Values always become bound parameters and columns quoted identifiers: no value is ever part
/// of the SQL text, which is SkipSQL's, character for character. Typed conditions
/// (`SQLCondition`: key paths, SQL interpolation) hold a predicate too, so conditions written
/// either way combine and print the same SQL. Predicates built alike are equal, whichever way
/// they were written: `Book.title.equals("Dune")` and `.equals(Book.title, SQLValue("Dune"))`
/// are one predicate.
public struct SQLPredicate: Hashable, Sendable {
    /// What the predicate is, as a tree.
    let form: Form

    /// The kinds of condition: one for each, whichever way it was built. `column = value` is
    /// `.compare(.column(column), .equal, .value(value))`, and `column IS NULL` is
    /// `.compare(.column(column), .equal, .value(.null))`.
    indirect enum Form: Hashable, Sendable {
        /// `left <operator> right` for any two operands: a column and a value, two columns (a join
        /// condition), a value on the left, an aliased column, a tuple. Comparing with a NULL value
        /// on the right is `IS NULL` (`IS NOT NULL`) for `.equal` (`.notEqual`).
        case compare(SQLOperand, SQLComparison, SQLOperand)
        /// `operand BETWEEN low AND high` (both ends included).
        case between(SQLOperand, SQLOperand, SQLOperand)
        /// `operand IN (operands…)`.
        case member(SQLOperand, of: [SQLOperand])
        /// All of the predicates (true when empty).
        case all([SQLPredicate])
        /// Any of the predicates (false when empty).
        case any([SQLPredicate])
        /// The negation of a predicate.
        case negation(SQLPredicate)
        /// A condition written in SQL, with its bound values (see `SQL`), in parentheses.
        case expression(SQLExpression)
        /// SQL text with its bound values, written exactly as given, without parentheses: what
        /// SkipSQL's `custom(sql:bindings:)` and `compare(lhs:op:rhs:)` build.
        case raw(SQLExpression)
    }

    static func compare(_ left: SQLOperand, _ comparison: SQLComparison, _ right: SQLOperand) -> SQLPredicate {
        SQLPredicate(form: .compare(left, comparison, right))
    }

    static func between(_ tested: SQLOperand, _ low: SQLOperand, _ high: SQLOperand) -> SQLPredicate {
        SQLPredicate(form: .between(tested, low, high))
    }

    static func member(_ tested: SQLOperand, of operands: [SQLOperand]) -> SQLPredicate {
        SQLPredicate(form: .member(tested, of: operands))
    }

    static func all(_ predicates: [SQLPredicate]) -> SQLPredicate {
        SQLPredicate(form: .all(predicates))
    }

    static func any(_ predicates: [SQLPredicate]) -> SQLPredicate {
        SQLPredicate(form: .any(predicates))
    }

    static func negation(_ predicate: SQLPredicate) -> SQLPredicate {
        SQLPredicate(form: .negation(predicate))
    }

    static func expression(_ expression: SQLExpression) -> SQLPredicate {
        SQLPredicate(form: .expression(expression))
    }

    static func raw(_ expression: SQLExpression) -> SQLPredicate {
        SQLPredicate(form: .raw(expression))
    }

    /// This predicate and the `others`.
    public func and(_ others: SQLPredicate...) -> SQLPredicate {
        .all([self] + others)
    }

    /// This predicate or one of the `others`.
    public func or(_ others: SQLPredicate...) -> SQLPredicate {
        .any([self] + others)
    }

    /// The negation of `predicate`.
    public static func not(_ predicate: SQLPredicate) -> SQLPredicate {
        .negation(predicate)
    }

    /// The SQL of the predicate, with a `?` for each value, and the values in order.
    package func rendered() -> (sql: String, parameters: [SQLValue]) {
        var parameters: [SQLValue] = []
        let sql = render(into: &parameters)
        return (sql, parameters)
    }

    private func render(into parameters: inout [SQLValue]) -> String {
        func operand(_ operand: SQLOperand) -> String {
            operand.render(into: &parameters)
        }
        switch form {
        case .compare(let left, .equal, .value(.null)):
            return "\(operand(left)) IS NULL"
        case .compare(let left, .notEqual, .value(.null)):
            return "\(operand(left)) IS NOT NULL"
        case .compare(let left, let comparison, let right):
            let leftText = operand(left)
            return "\(leftText) \(comparison.rawValue) \(operand(right))"
        case .between(let tested, let low, let high):
            let testedText = operand(tested)
            let lowText = operand(low)
            return "\(testedText) BETWEEN \(lowText) AND \(operand(high))"
        case .member(let left, let operands):
            let leftText = operand(left)
            return "\(leftText) IN (" + operands.map(operand).joined(separator: ", ") + ")"
        case .all(let predicates):
            return Self.compound(predicates, "AND", empty: "1", into: &parameters)
        case .any(let predicates):
            return Self.compound(predicates, "OR", empty: "0", into: &parameters)
        case .negation(let predicate):
            if case .between(let tested, let low, let high) = predicate.form {
                return "\(operand(tested)) NOT BETWEEN \(operand(low)) AND \(operand(high))"
            }
            return "NOT (" + predicate.render(into: &parameters) + ")"
        case .expression(let expression):
            parameters += expression.bindings
            return "(" + expression.sql + ")"
        case .raw(let expression):
            parameters += expression.bindings
            return expression.sql
        }
    }
}

extension SQLPredicate {
    /// `predicates` joined by `conjunction`, in parentheses when there are several (SkipSQL's
    /// text); `empty` when there are none.
    private static func compound(_ predicates: [SQLPredicate], _ conjunction: String, empty: String, into parameters: inout [SQLValue]) -> String {
        switch predicates.count {
        case 0: return empty
        case 1: return predicates[0].render(into: &parameters)
        default: return "(" + predicates.map { $0.render(into: &parameters) }.joined(separator: " \(conjunction) ") + ")"
        }
    }
}

extension SQLColumn {
    /// `column = value` (`IS NULL` for `.null`).
    public func equals(_ value: SQLValue) -> SQLPredicate { compared(.equal, value) }
    /// `column <> value` (`IS NOT NULL` for `.null`).
    public func notEquals(_ value: SQLValue) -> SQLPredicate { compared(.notEqual, value) }
    /// `column < value`.
    public func lessThan(_ value: SQLValue) -> SQLPredicate { compared(.less, value) }
    /// `column <= value`.
    public func lessThanOrEqual(_ value: SQLValue) -> SQLPredicate { compared(.lessOrEqual, value) }
    /// `column > value`.
    public func greaterThan(_ value: SQLValue) -> SQLPredicate { compared(.greater, value) }
    /// `column >= value`.
    public func greaterThanOrEqual(_ value: SQLValue) -> SQLPredicate { compared(.greaterOrEqual, value) }
    /// `column LIKE pattern`.
    public func like(_ pattern: SQLValue) -> SQLPredicate { compared(.like, pattern) }
    /// `column NOT LIKE pattern`.
    public func notLike(_ pattern: SQLValue) -> SQLPredicate { compared(.notLike, pattern) }
    /// `column IS NULL`.
    public func isNull() -> SQLPredicate { compared(.equal, .null) }
    /// `column IS NOT NULL`.
    public func isNotNull() -> SQLPredicate { compared(.notEqual, .null) }
    /// `column BETWEEN low AND high`.
    public func between(_ low: SQLValue, _ high: SQLValue) -> SQLPredicate { .between(.column(self), .value(low), .value(high)) }
    /// `column IN (values…)`.
    public func `in`(_ values: [SQLValue]) -> SQLPredicate { .member(.column(self), of: values.map(SQLOperand.value)) }

    /// `column <comparison> value`.
    private func compared(_ comparison: SQLComparison, _ value: SQLValue) -> SQLPredicate {
        .compare(.column(self), comparison, .value(value))
    }
}
