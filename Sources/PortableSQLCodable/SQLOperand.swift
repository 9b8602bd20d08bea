/// One side of a comparison in a `SQLPredicate`.
public enum SQLOperand: Hashable, Sendable {
    /// A column, qualified by the query with its table's alias where it needs one.
    case column(SQLColumn)
    /// A column of the table a query names with `alias`.
    case aliasedColumn(SQLAliasedColumn)
    /// A value, always bound as a parameter.
    case value(SQLValue)
}
