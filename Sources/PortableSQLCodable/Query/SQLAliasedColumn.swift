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

    /// `alias."column"`, as SkipSQL writes it: the alias as given, the column quoted.
    var quotedIdentifier: String { alias + "." + column.quotedIdentifier }

    /// Appends `alias."column"`, as SkipSQL writes it.
    public func apply(to expression: inout SQLExpression) {
        SQLOperand.aliasedColumn(self).append(to: &expression)
    }
}
