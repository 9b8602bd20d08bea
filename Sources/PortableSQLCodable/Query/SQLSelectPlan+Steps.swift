// The steps of building a plan, each returning a changed copy: what the query builders
// (`SQLSelectBuilder`, the `join`s) call.
extension SQLSelectPlan {
    /// The plan with `table` joined, matched as `joinCondition` says (nothing: no ON clause). A
    /// foreign-key column should link the new table and the one before it: one declares it, the
    /// other is the table it references. When it does not, the ON clause is SkipSQL's (the
    /// column's key compared all the same, or `1` for a column without one: every pair of rows),
    /// and `eval()` throws `SQLITE_MISUSE` instead under `SQLStrictness.foreignKeyJoins`.
    func joined(_ table: SQLTable, alias: String?, schema: String?, kind: SQLJoinType, on joinCondition: (any SQLJoinCondition)?) -> SQLSelectPlan {
        var plan = self
        let condition = JoinCondition(joinCondition)
        if case .column(let column)? = condition, unlinkedJoin == nil {
            let previous = sources[sources.count - 1].table
            let links = column.references.map { reference in
                (previous.columns.contains(column) && reference.tableName == table.name)
                    || (table.columns.contains(column) && reference.tableName == previous.name)
            } ?? false
            if !links {
                plan.unlinkedJoin = SQLError(
                    code: .misuse, message: "cannot join \(table.name): column \(column.name) is not a foreign key between it and \(previous.name)")
            }
        }
        plan.sources.append(Source(table: table, alias: alias, schema: schema, kind: kind, on: condition))
        return plan
    }

    /// The plan with only the rows matching `predicate` as well; `nil` changes nothing.
    func filtered(by predicate: SQLPredicate?) -> SQLSelectPlan {
        guard let predicate else { return self }
        var copy = self
        copy.predicates.append(predicate)
        return copy
    }

    /// The plan with `error` to throw when it runs, unless it has one already.
    func failing(with error: SQLError?) -> SQLSelectPlan {
        guard let error, buildError == nil else { return self }
        var copy = self
        copy.buildError = error
        return copy
    }

    /// The plan with only the rows matching `condition` as well, and its error.
    func filtered<Root>(by condition: SQLCondition<Root>) -> SQLSelectPlan {
        filtered(by: condition.predicate).failing(with: condition.error)
    }

    /// The plan sorted by `term` after any earlier ordering, and its error.
    func ordered<Root, V>(by term: SQLTerm<Root, V>, _ order: SQLOrder) -> SQLSelectPlan {
        ordered(byOperand: term.operand, order).failing(with: term.error)
    }

    /// The plan without repeated rows.
    func distinctRows() -> SQLSelectPlan {
        var copy = self
        copy.distinct = true
        return copy
    }

    /// The plan sorted by `operand` (a column, an aliased column, a value) after any earlier ordering.
    func ordered(by operand: any SQLRepresentable, _ order: SQLOrder) -> SQLSelectPlan {
        ordered(byOperand: operand.operand, order)
    }

    /// The plan sorted by `operand` after any earlier ordering.
    func ordered(byOperand operand: SQLOperand, _ order: SQLOrder) -> SQLSelectPlan {
        var copy = self
        copy.orderings.append((operand, order))
        return copy
    }

    /// The plan with at most `limit` rows (all for a negative limit), after skipping `offset` rows.
    func limited(to limit: Int, offset: Int?) -> SQLSelectPlan {
        var copy = self
        copy.limit = limit
        copy.offset = offset
        return copy
    }

    /// The SELECT statement with `?` for each value, and the values.
    var expression: SQLExpression {
        let statement = statement()
        return SQLExpression(statement.sql, statement.parameters)
    }
}
