/// One side of a comparison in a `SQLPredicate`.
enum SQLOperand: Hashable, Sendable {
    /// A column, qualified by the query with its table's alias where it needs one.
    case column(SQLColumn)
    /// A column of the table a query names with `alias`.
    case aliasedColumn(SQLAliasedColumn)
    /// A value, always bound as a parameter.
    case value(SQLValue)
    /// Several operands in parentheses, `(a, b)`: a row value (SQLite 3.15 or later).
    indirect case tuple([SQLOperand])
    /// SQL text with its bound values, written as it is: an aggregate (`COUNT(*)`), or an
    /// expression built by SQL interpolation (in parentheses).
    case expression(SQLExpression)
}

extension SQLOperand {
    /// The operand's SQL, as SkipSQL writes it: a quoted column (`"a"`), an aliased one
    /// (`t0."a"`), a `?` for a value (appended to `parameters`), a parenthesized tuple.
    func render(into parameters: inout [SQLValue]) -> String {
        switch self {
        case .column(let column):
            return column.quotedIdentifier
        case .aliasedColumn(let aliased):
            return aliased.quotedIdentifier
        case .value(let value):
            parameters.append(value)
            return "?"
        case .tuple(let operands):
            return "(" + operands.map { $0.render(into: &parameters) }.joined(separator: ", ") + ")"
        case .expression(let expression):
            parameters += expression.bindings
            return expression.sql
        }
    }
}
