// SkipSQL's spellings on predicates and the other representables, so that code written for
// SkipSQL compiles unchanged: each writes the SQL SkipSQL writes.

extension SQLPredicate: SQLRepresentable {
    /// The predicate's SQL and values, as an operand (SkipSQL's predicates are representables).
    var operand: SQLOperand {
        let (sql, parameters) = rendered()
        return .expression(SQLExpression(sql, parameters))
    }

    /// Appends the predicate's SQL and binds its values, as SkipSQL's `apply(to:)` does.
    public func apply(to expression: inout SQLExpression) {
        operand.append(to: &expression)
    }

    /// SkipSQL's view of a predicate: the function that appends its SQL and bindings to an
    /// expression (the same as `apply(to:)`).
    public var applicator: (inout SQLExpression) -> Void {
        { expression in apply(to: &expression) }
    }

    /// `lhs op rhs` with the operator `op` written as given (`=`, `<>`, `LIKE`, `%`, …), as
    /// SkipSQL's `compare(lhs:op:rhs:)` writes it. Prefer the named builders (`equals`,
    /// `lessThan`, …), whose `= NULL` becomes `IS NULL`.
    public static func compare(lhs: any SQLRepresentable, op: String, rhs: any SQLRepresentable) -> SQLPredicate {
        var parameters: [SQLValue] = []
        let sql = lhs.operand.render(into: &parameters) + " " + op + " " + rhs.operand.render(into: &parameters)
        return .raw(SQLExpression(sql, parameters))
    }

    /// SQL text of your own with its bound values, written as SkipSQL writes it: after a space,
    /// without parentheses (`nil` text adds only the bindings).
    public static func custom(sql: String?, bindings: [SQLValue] = []) -> SQLPredicate {
        .raw(SQLExpression(sql.map { " " + $0 } ?? "", bindings))
    }
}

extension SQLTuple {
    /// The tuple's members, as representables (SkipSQL's view of a tuple).
    public var representations: [any SQLRepresentable] {
        operands.map { operand -> any SQLRepresentable in
            var parameters: [SQLValue] = []
            return switch operand {
            case .column(let column): column
            case .aliasedColumn(let column): column
            case .value(let value): value
            case .tuple, .expression:
                SQLPredicate.raw(SQLExpression(operand.render(into: &parameters), parameters))
            }
        }
    }
}

extension SQLOrder {
    /// `ASC` or `DESC`, as written after `ORDER BY` (SkipSQL's name of `rawValue`).
    public var orderClause: String { rawValue }
}

extension SQLJoinType {
    /// The join's keywords, such as `LEFT OUTER JOIN` (SkipSQL's name of `rawValue`).
    public var joinClause: String { rawValue }
}

extension SQLForeignKeyAction {
    /// The action's keywords, such as `SET NULL` (SkipSQL's name of `rawValue`).
    public var actionClause: String { rawValue }
}

extension SQLValue {
    /// The key value of a record not inserted yet (`.long(0)`): inserting it lets the database
    /// assign the key of an `autoincrement` primary key, as in SkipSQL.
    public static let defaultPrimaryKeyValue = SQLValue.long(0)
}
