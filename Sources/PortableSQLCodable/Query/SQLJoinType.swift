/// How a joined table's rows are matched with the rows before it.
public enum SQLJoinType: String, Hashable, Sendable, CaseIterable {
    /// Only pairs that match.
    case inner = "INNER JOIN"
    /// Every row on the left, with the matching right rows or `nil`.
    case left = "LEFT OUTER JOIN"
    /// Every row on the right, with the matching left rows or `nil` (SQLite 3.39 and later).
    case right = "RIGHT OUTER JOIN"
    /// Every row of both sides, matched where possible (SQLite 3.39 and later).
    case full = "FULL OUTER JOIN"
    /// Every pair (no `on` column needed).
    case cross = "CROSS JOIN"
}
