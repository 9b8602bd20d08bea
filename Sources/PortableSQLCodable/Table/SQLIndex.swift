/// A named index on a column, created with its table by `createTableIfNotExists`.
///
/// Columns of one table that name the same index share it, in the order of the table's columns.
public struct SQLIndex: Hashable, Sendable {
    /// The index name, unique in the database.
    public let name: String
    /// Whether the indexed values must be unique.
    public let unique: Bool

    /// An index named `name`, unique or not.
    public init(name: String, unique: Bool = false) {
        self.name = name
        self.unique = unique
    }
}
