/// A comparison operator of `SQLPredicate.compare`.
enum SQLComparison: String, Hashable, Sendable, CaseIterable {
    /// `=` (comparing with NULL becomes `IS NULL`).
    case equal = "="
    /// `<>` (comparing with NULL becomes `IS NOT NULL`).
    case notEqual = "<>"
    /// `<`.
    case less = "<"
    /// `<=`.
    case lessOrEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`.
    case greaterOrEqual = ">="
    /// `LIKE`: `%` matches any run of characters, `_` any one; ASCII letters match either case.
    case like = "LIKE"
    /// `NOT LIKE`: the negation of `like` (NULL where either side is NULL).
    case notLike = "NOT LIKE"
}
