/// A typed term of a query on `Root` records: a column (named by a key path), an aggregate, or
/// an expression in SQL, whose values are of type `Value`. Terms are compared with values of
/// their own type only (`\.age > 18`, `.count() > 2`), selected (`select(.column(\.city),
/// .count())`), grouped and ordered by.
public struct SQLTerm<Root, Value> {
    /// The term's SQL.
    let operand: SQLOperand
    /// Why the term could not be made (a key path that reads no column), thrown where it is used.
    let error: SQLError?

    /// A term of `operand`.
    init(operand: SQLOperand, error: SQLError? = nil) {
        self.operand = operand
        self.error = error
    }

    /// An aggregate or function of `inner` (`SUM("price")`), with its values and error.
    private init<Inner>(_ function: String, _ inner: SQLTerm<Root, Inner>) {
        var parameters: [SQLValue] = []
        let text = inner.operand.render(into: &parameters)
        self.init(operand: .expression(SQLExpression("\(function)(\(text))", parameters)), error: inner.error)
    }
}

extension SQLTerm where Root: SQLCodable {
    /// The column `keyPath` reads.
    public init(_ keyPath: KeyPath<Root, Value>) {
        if let column = Root.column(for: keyPath) {
            self.init(operand: .column(column))
        } else {
            let error = SQLError(code: .misuse, message: "\(Root.self) has no column for the key path \(keyPath): it reads no stored property directly (a computed property, one with didSet, willSet or a wrapper, a var of a class that is not final, a property of a property), or the type does not map key paths (see SQLCodable.column(for:)); name the column in SQL instead, as \\(identifier: \"name\")")
            self.init(operand: .value(.null), error: error)
        }
    }

    /// The column `keyPath` reads.
    public static func column(_ keyPath: KeyPath<Root, Value>) -> SQLTerm {
        SQLTerm(keyPath)
    }

    /// An expression written in SQL by interpolation, as conditions are, in parentheses, read
    /// as `type`: `let total: SQLTerm<Item, Int> = .expression("\(\.price) * \(\.quantity)")`.
    /// Declare the term on its own: Swift reads an interpolated literal as a `String` when it
    /// stands among the generic terms of `select(…)`.
    public static func expression(_ sql: SQLCondition<Root>, as type: Value.Type = Value.self) -> SQLTerm {
        let expression = sql.expression
        return SQLTerm(operand: .expression(SQLExpression("(" + expression.sql + ")", expression.bindings)), error: sql.error)
    }

    /// `MIN(column)`: `nil` when no row matches.
    public static func min<V>(_ keyPath: KeyPath<Root, V>) -> SQLTerm where Value == V? {
        SQLTerm("MIN", SQLTerm<Root, V>(keyPath))
    }

    /// `MIN(column)` of an optional property: `nil` when no row has a value.
    public static func min<V>(_ keyPath: KeyPath<Root, V?>) -> SQLTerm where Value == V? {
        SQLTerm("MIN", SQLTerm<Root, V?>(keyPath))
    }

    /// `MAX(column)`: `nil` when no row matches.
    public static func max<V>(_ keyPath: KeyPath<Root, V>) -> SQLTerm where Value == V? {
        SQLTerm("MAX", SQLTerm<Root, V>(keyPath))
    }

    /// `MAX(column)` of an optional property: `nil` when no row has a value.
    public static func max<V>(_ keyPath: KeyPath<Root, V?>) -> SQLTerm where Value == V? {
        SQLTerm("MAX", SQLTerm<Root, V?>(keyPath))
    }

    /// `SUM(column)`: `nil` when no row matches.
    public static func sum<V: Numeric>(_ keyPath: KeyPath<Root, V>) -> SQLTerm where Value == V? {
        SQLTerm("SUM", SQLTerm<Root, V>(keyPath))
    }

    /// `SUM(column)` of an optional property: `nil` when no row has a value.
    public static func sum<V: Numeric>(_ keyPath: KeyPath<Root, V?>) -> SQLTerm where Value == V? {
        SQLTerm("SUM", SQLTerm<Root, V?>(keyPath))
    }
}

extension SQLTerm where Root: SQLCodable, Value == Int {
    /// `COUNT(*)`: the number of rows (of each group).
    public static func count() -> SQLTerm {
        SQLTerm(operand: .expression(SQLExpression("COUNT(*)")))
    }

    /// `COUNT(column)`: the number of rows whose `keyPath` column is not NULL.
    public static func count<V>(_ keyPath: KeyPath<Root, V>) -> SQLTerm {
        SQLTerm("COUNT", SQLTerm<Root, V>(keyPath))
    }

    /// `COUNT(DISTINCT column)`: the number of different non-NULL values.
    public static func countDistinct<V>(_ keyPath: KeyPath<Root, V>) -> SQLTerm {
        let column = SQLTerm<Root, V>(keyPath)
        return SQLTerm("COUNT", SQLTerm<Root, V>(operand: .expression(SQLExpression("DISTINCT " + column.renderedText)), error: column.error))
    }
}

extension SQLTerm where Root: SQLCodable, Value == Double? {
    /// `AVG(column)`: `nil` when no row matches.
    public static func average<V: Numeric>(_ keyPath: KeyPath<Root, V>) -> SQLTerm {
        SQLTerm("AVG", SQLTerm<Root, V>(keyPath))
    }

    /// `AVG(column)` of an optional property: `nil` when no row has a value.
    public static func average<V: Numeric>(_ keyPath: KeyPath<Root, V?>) -> SQLTerm {
        SQLTerm("AVG", SQLTerm<Root, V?>(keyPath))
    }
}

extension SQLTerm {
    /// The term's SQL text, for terms without bound values (columns).
    var renderedText: String {
        var parameters: [SQLValue] = []
        return operand.render(into: &parameters)
    }
}
