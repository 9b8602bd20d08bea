/// A condition on the columns of a table, for queries, counts and deletes.
///
/// Build predicates from columns (`DemoTable.num.isNull().or(DemoTable.txt.equals("ABC"))`) or,
/// as in SkipSQL, with the static builders (`.equals(DemoTable.txt, SQLValue("ABC"))`), which
/// take a column, a column of an aliased table (`column.alias("t0")`) or a value on either side.
/// Values always become bound parameters and columns quoted identifiers: no value is ever part
/// of the SQL text. The builders give the most specific case: a column compared with a value is
/// `.comparison`, whichever way it was built.
public indirect enum SQLPredicate: Hashable, Sendable {
    /// `column <operator> value`.
    case comparison(SQLColumn, SQLComparison, SQLValue)
    /// `column IS NULL`.
    case isNull(SQLColumn)
    /// `column IS NOT NULL`.
    case isNotNull(SQLColumn)
    /// `column BETWEEN low AND high` (both ends included).
    case between(SQLColumn, SQLValue, SQLValue)
    /// `column IN (values…)`.
    case within(SQLColumn, [SQLValue])
    /// All of the predicates (true when empty).
    case all([SQLPredicate])
    /// Any of the predicates (false when empty).
    case any([SQLPredicate])
    /// The negation of a predicate.
    case negation(SQLPredicate)
    /// `left <operator> right` for any two operands: two columns (a join condition), a value on
    /// the left, an aliased column. Comparing with a NULL value on the right is `IS (NOT) NULL`.
    case compare(SQLOperand, SQLComparison, SQLOperand)
    /// `operand IN (operands…)` for any operands.
    case member(SQLOperand, of: [SQLOperand])

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
    ///
    /// `qualifier` gives the table alias to put before a column, if any.
    package func rendered(qualifier: (SQLColumn) -> String? = { _ in nil }) -> (sql: String, parameters: [SQLValue]) {
        var parameters: [SQLValue] = []
        let sql = render(into: &parameters, qualifier: qualifier)
        return (sql, parameters)
    }

    private func render(into parameters: inout [SQLValue], qualifier: (SQLColumn) -> String?) -> String {
        func name(_ column: SQLColumn) -> String {
            qualifier(column).map { $0.quotedIdentifier + "." + column.quotedName } ?? column.quotedName
        }
        func placeholder(_ value: SQLValue) -> String {
            parameters.append(value)
            return "?"
        }
        func operand(_ operand: SQLOperand) -> String {
            switch operand {
            case .column(let column): return name(column)
            case .aliasedColumn(let aliased): return aliased.alias.quotedIdentifier + "." + aliased.column.quotedName
            case .value(let value): return placeholder(value)
            }
        }
        switch self {
        case .comparison(let column, .equal, .null):
            return "\(name(column)) IS NULL"
        case .comparison(let column, .notEqual, .null):
            return "\(name(column)) IS NOT NULL"
        case .comparison(let column, let comparison, let value):
            return "\(name(column)) \(comparison.rawValue) \(placeholder(value))"
        case .isNull(let column):
            return "\(name(column)) IS NULL"
        case .isNotNull(let column):
            return "\(name(column)) IS NOT NULL"
        case .between(let column, let low, let high):
            return "\(name(column)) BETWEEN \(placeholder(low)) AND \(placeholder(high))"
        case .within(let column, let values):
            return "\(name(column)) IN (" + values.map(placeholder).joined(separator: ", ") + ")"
        case .compare(let left, .equal, .value(.null)):
            return "\(operand(left)) IS NULL"
        case .compare(let left, .notEqual, .value(.null)):
            return "\(operand(left)) IS NOT NULL"
        case .compare(let left, let comparison, let right):
            let leftText = operand(left)
            return "\(leftText) \(comparison.rawValue) \(operand(right))"
        case .member(let left, let operands):
            let leftText = operand(left)
            return "\(leftText) IN (" + operands.map(operand).joined(separator: ", ") + ")"
        case .all(let predicates):
            guard !predicates.isEmpty else { return "1" }
            return "(" + predicates.map { $0.render(into: &parameters, qualifier: qualifier) }.joined(separator: " AND ") + ")"
        case .any(let predicates):
            guard !predicates.isEmpty else { return "0" }
            return "(" + predicates.map { $0.render(into: &parameters, qualifier: qualifier) }.joined(separator: " OR ") + ")"
        case .negation(let predicate):
            return "NOT (" + predicate.render(into: &parameters, qualifier: qualifier) + ")"
        }
    }
}

extension SQLColumn {
    /// `column = value` (`IS NULL` for `.null`).
    public func equals(_ value: SQLValue) -> SQLPredicate { .comparison(self, .equal, value) }
    /// `column <> value` (`IS NOT NULL` for `.null`).
    public func notEquals(_ value: SQLValue) -> SQLPredicate { .comparison(self, .notEqual, value) }
    /// `column < value`.
    public func lessThan(_ value: SQLValue) -> SQLPredicate { .comparison(self, .less, value) }
    /// `column <= value`.
    public func lessThanOrEqual(_ value: SQLValue) -> SQLPredicate { .comparison(self, .lessOrEqual, value) }
    /// `column > value`.
    public func greaterThan(_ value: SQLValue) -> SQLPredicate { .comparison(self, .greater, value) }
    /// `column >= value`.
    public func greaterThanOrEqual(_ value: SQLValue) -> SQLPredicate { .comparison(self, .greaterOrEqual, value) }
    /// `column LIKE pattern`.
    public func like(_ pattern: SQLValue) -> SQLPredicate { .comparison(self, .like, pattern) }
    /// `column NOT LIKE pattern`.
    public func notLike(_ pattern: SQLValue) -> SQLPredicate { .comparison(self, .notLike, pattern) }
    /// `column IS NULL`.
    public func isNull() -> SQLPredicate { .isNull(self) }
    /// `column IS NOT NULL`.
    public func isNotNull() -> SQLPredicate { .isNotNull(self) }
    /// `column BETWEEN low AND high`.
    public func between(_ low: SQLValue, _ high: SQLValue) -> SQLPredicate { .between(self, low, high) }
    /// `column IN (values…)`.
    public func `in`(_ values: [SQLValue]) -> SQLPredicate { .within(self, values) }
}
