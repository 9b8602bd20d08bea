/// Sort direction for `orderBy`.
public enum SQLOrder: String, Hashable, Sendable {
    /// Smallest first.
    case ascending = "ASC"
    /// Largest first.
    case descending = "DESC"
}
