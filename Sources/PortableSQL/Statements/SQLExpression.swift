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

    /// The expression as SkipSQL's prints it (SkipSQL's has no description of its own, so Swift
    /// shows its pieces): `SQLExpression(parts: [("SELECT ?", nil), ("", Optional(1))])`. An
    /// expression that SkipSQL built by appending prints its text in several pieces there and in
    /// one here; the text and the values are the same. `sql` and `bindings` give them apart.
    public var description: String {
        let pieces = parts.map { "(\(String(reflecting: $0.0)), \(String(reflecting: $0.1)))" }
        return "SQLExpression(parts: [\(pieces.joined(separator: ", "))])"
    }

    /// The text and, when there are any, the bindings as SQL literals: what PortableSQL's own
    /// messages and `SQL` show.
    package var readableDescription: String {
        bindings.isEmpty ? sql : "\(sql) [\(bindings.map(\.sqlLiteral).joined(separator: ", "))]"
    }
}
