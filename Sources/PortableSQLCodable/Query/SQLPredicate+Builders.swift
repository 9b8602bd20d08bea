// SkipSQL's vocabulary for predicates: static builders over any two operands, and the same as
// methods of every operand. Each gives the same `SQLPredicate` as the column methods do.
extension SQLPredicate {
    /// `lhs <comparison> rhs`.
    static func comparing(_ lhs: any SQLRepresentable, _ comparison: SQLComparison, _ rhs: any SQLRepresentable) -> SQLPredicate {
        .compare(lhs.operand, comparison, rhs.operand)
    }

    /// `lhs = rhs` (`IS NULL` when `rhs` is `.null`).
    public static func equals(_ lhs: any SQLRepresentable, _ rhs: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .equal, rhs)
    }

    /// `lhs <> rhs` (`IS NOT NULL` when `rhs` is `.null`).
    public static func notEquals(_ lhs: any SQLRepresentable, _ rhs: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .notEqual, rhs)
    }

    /// `lhs < rhs`.
    public static func lessThan(_ lhs: any SQLRepresentable, _ rhs: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .less, rhs)
    }

    /// `lhs <= rhs`.
    public static func lessThanOrEqual(_ lhs: any SQLRepresentable, _ rhs: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .lessOrEqual, rhs)
    }

    /// `lhs > rhs`.
    public static func greaterThan(_ lhs: any SQLRepresentable, _ rhs: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .greater, rhs)
    }

    /// `lhs >= rhs`.
    public static func greaterThanOrEqual(_ lhs: any SQLRepresentable, _ rhs: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .greaterOrEqual, rhs)
    }

    /// `lhs LIKE pattern`.
    public static func like(_ lhs: any SQLRepresentable, _ pattern: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .like, pattern)
    }

    /// `lhs NOT LIKE pattern`.
    public static func notLike(_ lhs: any SQLRepresentable, _ pattern: any SQLRepresentable) -> SQLPredicate {
        comparing(lhs, .notLike, pattern)
    }

    /// `operand IS NULL`.
    public static func isNull(_ operand: any SQLRepresentable) -> SQLPredicate {
        comparing(operand, .equal, SQLValue.null)
    }

    /// `operand IS NOT NULL`.
    public static func isNotNull(_ operand: any SQLRepresentable) -> SQLPredicate {
        comparing(operand, .notEqual, SQLValue.null)
    }

    /// `operand BETWEEN min AND max` (both ends included) for a column between two values;
    /// `(operand >= min AND operand <= max)` otherwise.
    public static func between(_ operand: any SQLRepresentable, min: any SQLRepresentable, max: any SQLRepresentable) -> SQLPredicate {
        if case .column = operand.operand, case .value = min.operand, case .value = max.operand {
            return .between(operand.operand, min.operand, max.operand)
        }
        return .all([comparing(operand, .greaterOrEqual, min), comparing(operand, .lessOrEqual, max)])
    }

    /// `operand NOT BETWEEN min AND max`.
    public static func notBetween(_ operand: any SQLRepresentable, min: any SQLRepresentable, max: any SQLRepresentable) -> SQLPredicate {
        .negation(between(operand, min: min, max: max))
    }

    /// `operand IN (values…)`; matches nothing when `values` is empty.
    public static func `in`(_ operand: any SQLRepresentable, _ values: [any SQLRepresentable]) -> SQLPredicate {
        .member(operand.operand, of: values.map(\.operand))
    }

    /// All of `predicates` (true when empty).
    public static func and(_ predicates: [SQLPredicate]) -> SQLPredicate {
        .all(predicates)
    }

    /// Any of `predicates` (false when empty).
    public static func or(_ predicates: [SQLPredicate]) -> SQLPredicate {
        .any(predicates)
    }
}

extension SQLRepresentable {
    /// `self = rhs` (`IS NULL` when `rhs` is `.null`).
    public func equals(_ rhs: any SQLRepresentable) -> SQLPredicate { .equals(self, rhs) }
    /// `self <> rhs` (`IS NOT NULL` when `rhs` is `.null`).
    public func notEquals(_ rhs: any SQLRepresentable) -> SQLPredicate { .notEquals(self, rhs) }
    /// `self < rhs`.
    public func lessThan(_ rhs: any SQLRepresentable) -> SQLPredicate { .lessThan(self, rhs) }
    /// `self <= rhs`.
    public func lessThanOrEqual(_ rhs: any SQLRepresentable) -> SQLPredicate { .lessThanOrEqual(self, rhs) }
    /// `self > rhs`.
    public func greaterThan(_ rhs: any SQLRepresentable) -> SQLPredicate { .greaterThan(self, rhs) }
    /// `self >= rhs`.
    public func greaterThanOrEqual(_ rhs: any SQLRepresentable) -> SQLPredicate { .greaterThanOrEqual(self, rhs) }
    /// `self LIKE pattern`.
    public func like(_ pattern: any SQLRepresentable) -> SQLPredicate { .like(self, pattern) }
    /// `self NOT LIKE pattern`.
    public func notLike(_ pattern: any SQLRepresentable) -> SQLPredicate { .notLike(self, pattern) }
    /// `self IS NULL`.
    public func isNull() -> SQLPredicate { .isNull(self) }
    /// `self IS NOT NULL`.
    public func isNotNull() -> SQLPredicate { .isNotNull(self) }
    /// `self BETWEEN min AND max`.
    public func between(min: any SQLRepresentable, max: any SQLRepresentable) -> SQLPredicate { .between(self, min: min, max: max) }
    /// `self NOT BETWEEN min AND max`.
    public func notBetween(min: any SQLRepresentable, max: any SQLRepresentable) -> SQLPredicate { .notBetween(self, min: min, max: max) }
    /// `self IN (values…)`.
    public func `in`(_ values: [any SQLRepresentable]) -> SQLPredicate { .in(self, values) }
}
