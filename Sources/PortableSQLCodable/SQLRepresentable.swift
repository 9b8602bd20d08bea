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
