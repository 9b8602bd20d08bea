/// What can stand on either side of a comparison: a `SQLColumn`, a `SQLAliasedColumn` or a
/// `SQLValue` (SkipSQL's protocol, for its predicate builders).
public protocol SQLRepresentable: Sendable {
    /// The operand this stands for.
    var operand: SQLOperand { get }
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
