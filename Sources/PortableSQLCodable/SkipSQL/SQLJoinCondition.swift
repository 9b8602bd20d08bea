/// A table of a join as a `SQLJoinCondition` sees it: the table, and the alias and schema the
/// query names it with (SkipSQL's type).
public struct QualifiedTable {
    /// The table.
    public var table: SQLTable
    /// Its alias in the statement, when it has one.
    public var alias: String?
    /// The schema (`"main"`, an attached database) it is in, when named.
    public var schema: String?

    /// A table as a query names it.
    public init(table: SQLTable, alias: String? = nil, schema: String? = nil) {
        self.table = table
        self.alias = alias
        self.schema = schema
    }
}

/// What a `join(…, on:)` takes: a `SQLColumn` (a foreign key), a `SQLPredicate`, or a type of
/// your own that writes the ON clause (SkipSQL's protocol).
public protocol SQLJoinCondition {
    /// Appends the ON clause's condition (after `ON `) to `expression`: SQL text and a binding
    /// for each value; `qt1` is the table joined before, `qt2` the one being joined.
    func applyJoinCondition(to expression: inout SQLExpression, fromTable qt1: QualifiedTable, toTable qt2: QualifiedTable)
}

extension SQLColumn: SQLJoinCondition {
    /// SkipSQL's ON clause through this column: its referenced column in one table equals this
    /// column in the other (`t1."ID" = t0."PARENT_ID"`), or `1` (every pair of rows) when the
    /// column references nothing.
    public func applyJoinCondition(to expression: inout SQLExpression, fromTable qt1: QualifiedTable, toTable qt2: QualifiedTable) {
        guard let reference = references else {
            SQLValue.long(1).apply(to: &expression)
            return
        }
        let first = qt1.alias ?? qt1.table.quotedName(inSchema: qt1.schema)
        let second = qt2.alias ?? qt2.table.quotedName(inSchema: qt2.schema)
        let (referenced, referencing) = qt1.table.columns.contains(self) ? (second, first) : (first, second)
        expression.append("\(referenced).\(reference.column.quotedName()) = \(referencing).\(quotedName())")
    }
}

extension SQLPredicate: SQLJoinCondition {
    /// The predicate's SQL and bindings, as the ON clause.
    public func applyJoinCondition(to expression: inout SQLExpression, fromTable qt1: QualifiedTable, toTable qt2: QualifiedTable) {
        apply(to: &expression)
    }
}
