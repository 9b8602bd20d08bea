/// What a `SQLColumn` declares besides its name: its type and constraints, made once with the
/// column and shared by its copies.
final class SQLColumnDefinition: Sendable {
    let type: SQLType
    let primaryKey: Bool
    let autoincrement: Bool
    let unique: Bool
    let nullable: Bool
    let defaultValue: SQLValue?
    let index: SQLIndex?
    let references: SQLForeignKey?
    let columnDefinition: String?

    init(
        type: SQLType, primaryKey: Bool, autoincrement: Bool, unique: Bool, nullable: Bool, defaultValue: SQLValue?, index: SQLIndex?,
        references: SQLForeignKey?, columnDefinition: String?
    ) {
        self.type = type
        self.primaryKey = primaryKey
        self.autoincrement = autoincrement
        self.unique = unique
        self.nullable = nullable
        self.defaultValue = defaultValue
        self.index = index
        self.references = references
        self.columnDefinition = columnDefinition
    }

    /// Whether `other` declares the same in every part.
    func isEqual(to other: SQLColumnDefinition) -> Bool {
        type == other.type && primaryKey == other.primaryKey && autoincrement == other.autoincrement && unique == other.unique
            && nullable == other.nullable && defaultValue == other.defaultValue && index == other.index && references == other.references
            && columnDefinition == other.columnDefinition
    }
}
