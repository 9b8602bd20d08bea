/// What can stand on either side of a comparison: a `SQLColumn`, a `SQLAliasedColumn`, a
/// `SQLValue`, a `SQLTuple`, a `SQLPredicate` (SkipSQL's protocol, for its predicate builders).
///
/// A type of your own writes itself into a statement with `apply(to:)`: it appends its SQL text
/// and a binding for each value in it, as SkipSQL's types do.
public protocol SQLRepresentable {
    /// Appends this to `expression`: its SQL text, and a binding for each value in it.
    func apply(to expression: inout SQLExpression)
}

extension SQLRepresentable {
    /// The operand this stands for: PortableSQL's own representables by what they are, and any
    /// other by what its `apply(to:)` writes.
    var operand: SQLOperand {
        switch self {
        case let column as SQLColumn: return .column(column)
        case let aliased as SQLAliasedColumn: return .aliasedColumn(aliased)
        case let value as SQLValue: return .value(value)
        case let tuple as SQLTuple: return .tuple(tuple.operands)
        case let predicate as SQLPredicate: return predicate.operand
        default:
            var expression = SQLExpression("")
            apply(to: &expression)
            return .expression(expression)
        }
    }
}

extension SQLOperand {
    /// The operand's SQL and values appended to `expression`.
    func append(to expression: inout SQLExpression) {
        var parameters: [SQLValue] = []
        expression.sql += render(into: &parameters)
        expression.bindings += parameters
    }
}

extension SQLColumn: SQLRepresentable {
    /// Appends the column's quoted name (SkipSQL's text).
    public func apply(to expression: inout SQLExpression) {
        SQLOperand.column(self).append(to: &expression)
    }

    /// This column of the table aliased `alias` in a query.
    public func alias(_ alias: String) -> SQLAliasedColumn {
        SQLAliasedColumn(column: self, alias: alias)
    }
}

extension SQLValue: SQLRepresentable {
    /// Appends a `?` and binds the value to it.
    public func apply(to expression: inout SQLExpression) {
        SQLOperand.value(self).append(to: &expression)
    }
}

/// Several operands in parentheses, `(a, b)` (SkipSQL's type), for row-value comparisons such as
/// `SQLPredicate.in(SQLTuple(columns: [a, b]), [SQLTuple(values: [1, 2])])`.
public struct SQLTuple: SQLRepresentable, Hashable, Sendable {
    /// The operands, in order.
    let operands: [SQLOperand]

    /// A tuple of any operands.
    public init(_ representations: [any SQLRepresentable]) {
        operands = representations.map(\.operand)
    }

    /// A tuple of columns.
    public init(columns: [SQLColumn]) {
        operands = columns.map(\.operand)
    }

    /// A tuple of values.
    public init(values: [SQLValue]) {
        operands = values.map(\.operand)
    }

    /// Appends the operands in parentheses, `(a, b)`, with their bindings.
    public func apply(to expression: inout SQLExpression) {
        SQLOperand.tuple(operands).append(to: &expression)
    }
}
