/// What a row change was, as reported to `SQLContext.onUpdate(hook:)`.
public enum SQLAction: Int32, Sendable, Hashable {
    /// A row was inserted (`SQLITE_INSERT`).
    case insert = 18
    /// A row was updated (`SQLITE_UPDATE`).
    case update = 23
    /// A row was deleted (`SQLITE_DELETE`).
    case delete = 9

    /// The SQL verb of the action: "INSERT", "UPDATE" or "DELETE".
    public var description: String {
        switch self {
        case .insert: "INSERT"
        case .update: "UPDATE"
        case .delete: "DELETE"
        }
    }
}
