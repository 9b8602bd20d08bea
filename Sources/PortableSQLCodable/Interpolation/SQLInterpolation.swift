/// The interpolations `SQL` and `SQLCondition` take: values become bound parameters, and names
/// (key paths, columns, tables, identifiers) quoted identifiers. Text is inserted as it is only
/// when asked for by name, with `\(raw:)`.
///
/// `Root` is the record type whose key paths may leave their root out (`\.title`): the query's
/// record type in `SQLCondition<Root>`; `Never` in `SQL`, where key paths name their root.
public struct SQLInterpolation<Root>: StringInterpolationProtocol {
    /// The text so far, and the values of its placeholders.
    var expression = SQLExpression("")
    /// The first interpolation that could not be written (a key path that reads no column).
    var error: SQLError?

    /// An empty interpolation.
    public init(literalCapacity: Int, interpolationCount: Int) {
        expression.sql.reserveCapacity(literalCapacity + interpolationCount * 8)
    }

    /// Appends the literal text as it is.
    public mutating func appendLiteral(_ literal: String) {
        expression.sql += literal
    }

    /// Appends a `?` and binds `value` to it.
    public mutating func appendInterpolation<V: SQLColumnValue>(_ value: V) {
        expression.append("?", value.sqlValue)
    }

    /// Appends a `?` and binds `value` to it (NULL for `nil`).
    public mutating func appendInterpolation<V: SQLColumnValue>(_ value: V?) {
        expression.append("?", value?.sqlValue ?? .null)
    }

    /// Appends a `?` and binds `value` to it.
    public mutating func appendInterpolation(_ value: SQLValue) {
        expression.append("?", value)
    }

    /// Appends `?, ?, …`, one bound value for each of `values` (nothing for none: SQLite takes
    /// `IN ()`), for lists such as `IN (\(ids))`.
    public mutating func appendInterpolation<V: SQLColumnValue>(_ values: [V]) {
        for (index, value) in values.enumerated() {
            expression.append(index == 0 ? "?" : ", ?", value.sqlValue)
        }
    }

    /// Appends the quoted name of `column`.
    public mutating func appendInterpolation(_ column: SQLColumn) {
        expression.sql += column.quotedIdentifier
    }

    /// Appends the quoted name of the column `keyPath` reads.
    public mutating func appendInterpolation<R: SQLCodable, V>(_ keyPath: KeyPath<R, V>) {
        appendInterpolation(SQLTerm<R, V>(keyPath))
    }

    /// Appends the quoted name of `type`'s table.
    public mutating func appendInterpolation<R: SQLCodable>(_ type: R.Type) {
        expression.sql += R.table.quotedIdentifier
        if let failure = R.table.definitionError, error == nil { error = failure }
    }

    /// Appends the quoted name of `table`.
    public mutating func appendInterpolation(_ table: SQLTable) {
        expression.sql += table.quotedIdentifier
    }

    /// Appends `name` quoted as an identifier (`"my ""odd"" name"`).
    public mutating func appendInterpolation(identifier name: String) {
        expression.sql += name.quotedIdentifier
    }

    /// Appends `text` as it is, for SQL you trust (an operator chosen in code, say): never
    /// pass it text from outside the program.
    public mutating func appendInterpolation(raw text: String) {
        expression.sql += text
    }

    /// Appends another `SQL`, with its bound values.
    public mutating func appendInterpolation(_ sql: SQL) {
        append(sql.expression, sql.error)
    }

    /// Appends a condition, in parentheses, with its bound values.
    public mutating func appendInterpolation<R>(_ condition: SQLCondition<R>) {
        let (text, parameters) = condition.predicate.rendered()
        append(SQLExpression("(" + text + ")", parameters), condition.error)
    }

    /// Appends a predicate, in parentheses, with its bound values.
    public mutating func appendInterpolation(_ predicate: SQLPredicate) {
        let (text, parameters) = predicate.rendered()
        expression.append("(" + text + ")")
        expression.bindings += parameters
    }

    /// Appends a term (a column, an aggregate, an expression) with its bound values.
    public mutating func appendInterpolation<R, V>(_ term: SQLTerm<R, V>) {
        var parameters: [SQLValue] = []
        let text = term.operand.render(into: &parameters)
        append(SQLExpression(text, parameters), term.error)
    }

    /// Appends a query's SELECT statement with its bound values, for a subquery (`IN (\(query))`).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public mutating func appendInterpolation<R, each V>(_ query: SQLSelectQuery<R, repeat each V>) {
        let (text, parameters) = query.plan.statement()
        append(SQLExpression(text, parameters), query.plan.buildError)
    }

    private mutating func append(_ other: SQLExpression, _ otherError: SQLError?) {
        expression.sql += other.sql
        expression.bindings += other.bindings
        if let otherError, error == nil { error = otherError }
    }
}

extension SQLInterpolation where Root: SQLCodable {
    /// Appends the quoted name of the column `keyPath` reads; the root may be left out
    /// (`\.title`).
    public mutating func appendInterpolation<V>(_ keyPath: KeyPath<Root, V>) {
        appendInterpolation(SQLTerm<Root, V>(keyPath))
    }
}
