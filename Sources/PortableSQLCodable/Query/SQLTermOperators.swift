// Comparisons of a term, or of the column a key path reads, with a value of the same type: a
// `SQLCondition`. Comparing with `nil` is `IS NULL` (`==`) or `IS NOT NULL` (`!=`).

/// `column = value`.
public func == <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) == rhs }
/// `column = value` (`IS NULL` for `nil`).
public func == <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V?>, rhs: V?) -> SQLCondition<Root> { SQLTerm(lhs) == rhs }
/// `column <> value`.
public func != <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) != rhs }
/// `column <> value` (`IS NOT NULL` for `nil`).
public func != <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V?>, rhs: V?) -> SQLCondition<Root> { SQLTerm(lhs) != rhs }
/// `column < value`.
public func < <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) < rhs }
/// `column < value`.
public func < <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V?>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) < rhs }
/// `column <= value`.
public func <= <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) <= rhs }
/// `column <= value`.
public func <= <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V?>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) <= rhs }
/// `column > value`.
public func > <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) > rhs }
/// `column > value`.
public func > <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V?>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) > rhs }
/// `column >= value`.
public func >= <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) >= rhs }
/// `column >= value`.
public func >= <Root: SQLCodable, V: SQLColumnValue>(lhs: KeyPath<Root, V?>, rhs: V) -> SQLCondition<Root> { SQLTerm(lhs) >= rhs }

extension SQLTerm {
    /// `term = value`.
    public static func == (lhs: SQLTerm, rhs: Value) -> SQLCondition<Root> where Value: SQLColumnValue { .compare(lhs, .equal, rhs.sqlValue) }
    /// `term = value` (`IS NULL` for `nil`).
    public static func == <V: SQLColumnValue>(lhs: SQLTerm, rhs: V?) -> SQLCondition<Root> where Value == V? { .compare(lhs, .equal, rhs?.sqlValue ?? .null) }
    /// `term <> value`.
    public static func != (lhs: SQLTerm, rhs: Value) -> SQLCondition<Root> where Value: SQLColumnValue { .compare(lhs, .notEqual, rhs.sqlValue) }
    /// `term <> value` (`IS NOT NULL` for `nil`).
    public static func != <V: SQLColumnValue>(lhs: SQLTerm, rhs: V?) -> SQLCondition<Root> where Value == V? { .compare(lhs, .notEqual, rhs?.sqlValue ?? .null) }
    /// `term < value`.
    public static func < (lhs: SQLTerm, rhs: Value) -> SQLCondition<Root> where Value: SQLColumnValue { .compare(lhs, .less, rhs.sqlValue) }
    /// `term < value`.
    public static func < <V: SQLColumnValue>(lhs: SQLTerm, rhs: V) -> SQLCondition<Root> where Value == V? { .compare(lhs, .less, rhs.sqlValue) }
    /// `term <= value`.
    public static func <= (lhs: SQLTerm, rhs: Value) -> SQLCondition<Root> where Value: SQLColumnValue { .compare(lhs, .lessOrEqual, rhs.sqlValue) }
    /// `term <= value`.
    public static func <= <V: SQLColumnValue>(lhs: SQLTerm, rhs: V) -> SQLCondition<Root> where Value == V? { .compare(lhs, .lessOrEqual, rhs.sqlValue) }
    /// `term > value`.
    public static func > (lhs: SQLTerm, rhs: Value) -> SQLCondition<Root> where Value: SQLColumnValue { .compare(lhs, .greater, rhs.sqlValue) }
    /// `term > value`.
    public static func > <V: SQLColumnValue>(lhs: SQLTerm, rhs: V) -> SQLCondition<Root> where Value == V? { .compare(lhs, .greater, rhs.sqlValue) }
    /// `term >= value`.
    public static func >= (lhs: SQLTerm, rhs: Value) -> SQLCondition<Root> where Value: SQLColumnValue { .compare(lhs, .greaterOrEqual, rhs.sqlValue) }
    /// `term >= value`.
    public static func >= <V: SQLColumnValue>(lhs: SQLTerm, rhs: V) -> SQLCondition<Root> where Value == V? { .compare(lhs, .greaterOrEqual, rhs.sqlValue) }
}
