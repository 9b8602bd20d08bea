/// What can stand on either side of a comparison: a `SQLColumn`, a `SQLAliasedColumn`, a
/// `SQLValue`, a `SQLTuple`, a `SQLPredicate` (SkipSQL's protocol, for its predicate builders).
///
/// A type of your own implements one of the two requirements; each has a default made from the
/// other: `operand` (what PortableSQL's types give), or `apply(to:)` (how SkipSQL's types write
/// themselves: append SQL text and bindings to the expression).
public protocol SQLRepresentable {
    /// The operand this stands for.
    var operand: SQLOperand { get }

    /// Appends this to `expression`: its SQL text, and a binding for each value in it.
    func apply(to expression: inout SQLExpression)
}

extension SQLRepresentable {
    /// The operand's SQL and values appended to `expression`.
    public func apply(to expression: inout SQLExpression) {
        var parameters: [SQLValue] = []
        expression.sql += operand.render(into: &parameters)
        expression.bindings += parameters
    }

    /// What `apply(to:)` writes, as an operand.
    public var operand: SQLOperand {
        var expression = SQLExpression("")
        apply(to: &expression)
        return .expression(expression)
    }
}

extension SQLColumn: SQLRepresentable {
    /// `.column(self)`.
    public var operand: SQLOperand { .column(self) }

    /// This column of the table aliased `alias` in a query.
    public func alias(_ alias: String) -> SQLAliasedColumn {
        SQLAliasedColumn(column: self, alias: alias)
    }
}

extension SQLValue: SQLRepresentable {
    /// `.value(self)`.
    public var operand: SQLOperand { .value(self) }
}

/// Several operands in parentheses, `(a, b)` (SkipSQL's type), for row-value comparisons such as
/// `SQLPredicate.in(SQLTuple(columns: [a, b]), [SQLTuple(values: [1, 2])])`.
public struct SQLTuple: SQLRepresentable, Hashable, Sendable {
    /// The operands, in order.
    public let operands: [SQLOperand]

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

    /// `.tuple(operands)`.
    public var operand: SQLOperand { .tuple(operands) }
}
