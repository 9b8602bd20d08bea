/// The type affinity SQLite gives a column from its declared type, and which stored values it
/// would change: a plain `Codable` record whose property now stores another kind of value than
/// its existing column was declared for (`code: Int` become `code: String`) must not have its
/// values converted without a word.
enum StoredColumnAffinity {
    case integer, text, blob, real, numeric

    /// The affinity of a column declared `declaredType`, by SQLite's rules, in their order.
    init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// What SQLite would do to values of `type` written to a column of this affinity, when it
    /// would change some of them (so that they read back different, or not at all), or `nil`.
    func conversion(of type: SQLType) -> String? {
        switch (type, self) {
        case (.blob, _), (.null, _), (_, .blob),
             (.long, .integer), (.long, .numeric), (.real, .real), (.real, .integer), (.real, .numeric), (.text, .text):
            return nil
        case (.text, _):
            return "text that reads as a number is stored as that number (\"007\" as 7)"
        case (.long, .real):
            return "integers are stored as REAL, which changes those beyond 2^53"
        case (.long, .text), (.real, .text):
            return "numbers are stored as text, which the property cannot read back"
        }
    }

    /// The error of a record table's existing column `name`, declared `declaredType`, whose
    /// property now stores values of `type`, when SQLite would change them.
    static func conflict(table: String, column name: String, declaredType: String, storing type: SQLType) -> SQLError? {
        guard let conversion = StoredColumnAffinity(declaredType: declaredType).conversion(of: type) else { return nil }
        return SQLError(code: .mismatch, message: "column \(name) of table \(table) is declared \(declaredType), but its property now stores \(type.typeName) values: \(conversion); migrate the column, or store the property under another coding key or table name")
    }
}
