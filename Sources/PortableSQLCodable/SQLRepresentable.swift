/// One side of a comparison in a `SQLPredicate`.
public enum SQLOperand: Hashable, Sendable {
    /// A column, qualified by the query with its table's alias where it needs one.
    case column(SQLColumn)
    /// A column of the table a query names with `alias`.
    case aliasedColumn(SQLAliasedColumn)
    /// A value, always bound as a parameter.
    case value(SQLValue)
}

/// What can stand on either side of a comparison: a `SQLColumn`, a `SQLAliasedColumn` or a
/// `SQLValue` (SkipSQL's protocol, for its predicate builders).
public protocol SQLRepresentable: Sendable {
    /// The operand this stands for.
    var operand: SQLOperand { get }
}

/// A column of a table that a query names with an alias, for predicates over a table joined
/// to itself or join conditions between two tables: `Person.id.alias("boss")`.
public struct SQLAliasedColumn: SQLRepresentable, Hashable, Sendable {
    /// The column.
    public let column: SQLColumn
    /// The alias of its table in the query.
    public let alias: String

    /// `column` of the table aliased `alias`.
    public init(column: SQLColumn, alias: String) {
        self.column = column
        self.alias = alias
    }

    /// `.aliasedColumn(self)`.
    public var operand: SQLOperand { .aliasedColumn(self) }
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
