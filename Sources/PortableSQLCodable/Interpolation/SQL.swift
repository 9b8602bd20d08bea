/// SQL text written as a string literal whose interpolations are safe: a value becomes a bound
/// parameter, a key path (`\Note.title`), column, record type or `identifier:` a quoted name,
/// and text goes in as it is only through `\(raw:)`.
///
/// ```swift
/// let title = "Robert'); DROP TABLE Note;--"
/// let notes = try db.selectAll("SELECT \(\Note.id) FROM \(Note.self) WHERE \(\Note.title) = \(title)")
/// // SELECT "id" FROM "Note" WHERE "title" = ?   with the title bound
/// ```
///
/// `SQLContext.exec(_:)`, `selectAll(_:)` and `prepare(_:)` take it, and so do conditions
/// (`SQLCondition`), which also take key paths without their root.
public struct SQL: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    /// The text, with a `?` for each bound value, and the values.
    public let expression: SQLExpression
    /// The first interpolation that could not be written, thrown where the SQL is used.
    let error: SQLError?

    /// SQL with no interpolations.
    public init(stringLiteral value: String) {
        expression = SQLExpression(value)
        error = nil
    }

    /// SQL built by interpolation.
    public init(stringInterpolation: SQLInterpolation<Never>) {
        expression = stringInterpolation.expression
        error = stringInterpolation.error
    }

    /// The text and bound values, checked.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) for an interpolation that could not be written,
    ///   such as a key path that reads no column.
    public func checkedExpression() throws -> SQLExpression {
        if let error { throw error }
        return expression
    }

    /// The text and, when there are any, the bound values.
    public var description: String { expression.readableDescription }

    /// SQLs are equal when their text and values are.
    public static func == (lhs: SQL, rhs: SQL) -> Bool {
        lhs.expression == rhs.expression
    }

    /// Hashes the text and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(expression)
    }
}

extension SQLContext {
    /// Runs the first statement of `sql` with its interpolated values bound.
    ///
    /// - Throws: `SQLError`: `SQLITE_MISUSE` for an interpolation that could not be written;
    ///   `SQLITE_RANGE` when the statement has parameters that no interpolated value fills (a
    ///   `?` written in the text); SQLite's error.
    public func exec(_ sql: SQL) throws {
        try exec(checkedInterpolation(sql))
    }

    /// Every row `sql`'s statement gives.
    ///
    /// - Throws: `SQLError`, as `exec(_:)`.
    public func selectAll(_ sql: SQL) throws -> [[SQLValue]] {
        let expression = try checkedInterpolation(sql)
        return try selectAll(sql: expression.sql, parameters: expression.bindings)
    }

    /// A statement of your own for `sql`, its values bound.
    ///
    /// - Throws: `SQLError`, as `exec(_:)`.
    public func prepare(_ sql: SQL) throws -> SQLStatement {
        try prepare(expr: checkedInterpolation(sql))
    }

    /// `sql`'s text and values, once it is known that each of its statement's parameters is an
    /// interpolated value: a parameter written in the text would take the place of the first
    /// value, and the last parameter would be NULL.
    ///
    /// - Throws: `SQLError`, as `exec(_:)`.
    private func checkedInterpolation(_ sql: SQL) throws -> SQLExpression {
        let expression = try sql.checkedExpression()
        _ = try withCachedStatement(expression.sql) { try $0.checkParametersAreValues(count: expression.bindings.count) }
        return expression
    }
}

extension SQLStatement {
    /// Checks that the statement's parameters are `count` plain `?`s, one for each value that
    /// SQL interpolation (or a query's conditions) bound: a `?`, `?NNN` or `:name` written in
    /// the text would take a value's place.
    ///
    /// - Throws: `SQLError` (`SQLITE_RANGE`) naming the counts or the written parameter.
    func checkParametersAreValues(count: Int) throws {
        if let written = parameterNames.compactMap({ $0 }).first {
            throw SQLError(code: .range, message: "the statement has the parameter \(written) written in its text: write each value as an interpolation", sql: sql)
        }
        guard Int(parameterCount) == count else {
            throw SQLError(code: .range, message: "the statement has \(parameterCount) parameter(s) and \(count) interpolated value(s): write each value as an interpolation, not as a ? in the text", sql: sql)
        }
    }
}
