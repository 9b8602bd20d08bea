/// SQL text with the values bound to its `?` placeholders, in order: what SkipSQL builds
/// schema and queries from (`SQLTable.createTableSQL()`, `SQLContext.exec(_:)`).
///
/// The values are always bound, never spliced into the text.
public struct SQLExpression: Hashable, Sendable, CustomStringConvertible {
    /// The SQL text, with a `?` for each binding.
    public var sql: String
    /// The values of the placeholders, in order.
    public var bindings: [SQLValue]

    /// SQL text with its bindings.
    public init(_ sql: String, _ bindings: [SQLValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }

    /// Adds `sql` to the text and `binding`, when given, to the bindings.
    public mutating func append(_ sql: String, _ binding: SQLValue? = nil) {
        self.sql += sql
        if let binding { bindings.append(binding) }
    }

    /// The text and, when there are any, the bindings.
    public var description: String {
        bindings.isEmpty ? sql : "\(sql) \(bindings)"
    }
}
