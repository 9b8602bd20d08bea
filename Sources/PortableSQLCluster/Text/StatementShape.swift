/// What one statement is, read from its text: whether it returns rows (a QUERY) or not (an
/// EXEC, which the leader replicates), how it moves the transaction state, its parameters,
/// and what a cluster cannot run.
struct StatementShape {
    /// How a statement changes whether a transaction is open.
    enum TransactionEffect: Equatable {
        case none
        case begin
        case commit
        case rollback
        case savepoint(String)
        case release(String)
    }

    /// Whether the statement returns rows (and only reads).
    let returnsRows: Bool
    /// Whether it is empty: only white space, comments and semicolons.
    let isBlank: Bool
    let transactionEffect: TransactionEffect
    /// The name of each parameter by index (position 0 is parameter 1); `nil` for `?`.
    let parameterNames: [String?]
    /// Why a cluster cannot run the statement, when it cannot.
    let unavailable: String?

    init(_ sql: String) {
        let words = Array(SQLWordScanner(sql))
        isBlank = words.allSatisfy { $0 == .symbol(UInt8(ascii: ";")) }
        parameterNames = Self.parameters(words)
        let first = Self.word(words, 0)
        let second = Self.word(words, 1)
        let pragma = first == "PRAGMA" ? PragmaShape(words) : nil
        switch first {
        case "SELECT", "VALUES", "EXPLAIN":
            returnsRows = true
        case "WITH":
            returnsRows = !Self.topLevelWords(words).contains { ["INSERT", "UPDATE", "DELETE", "REPLACE"].contains($0) }
        case "PRAGMA":
            returnsRows = pragma?.returnsRows ?? false
        default:
            returnsRows = false
        }
        switch first {
        case "BEGIN": transactionEffect = .begin
        case "COMMIT", "END": transactionEffect = .commit
        case "ROLLBACK":
            let rest = words.dropFirst().prefix(2).compactMap { if case .word(let word) = $0 { return word } else { return nil } }
            transactionEffect = rest.contains("TO") ? .none : .rollback
        case "SAVEPOINT": transactionEffect = Self.name(words, after: 1).map { .savepoint($0) } ?? .none
        case "RELEASE": transactionEffect = Self.name(words, after: second == "SAVEPOINT" ? 2 : 1).map { .release($0) } ?? .none
        default: transactionEffect = .none
        }
        if first == "ATTACH" || first == "DETACH" {
            unavailable = "ATTACH and DETACH are not available on a cluster: each connection has one replicated database"
        } else if let reason = pragma?.unavailable {
            unavailable = reason
        } else if first == "VACUUM" {
            unavailable = "VACUUM is not available on a cluster: the nodes keep the database files, and dqlite runs no VACUUM"
        } else if !returnsRows, Self.topLevelWords(words).contains("RETURNING") {
            unavailable = "RETURNING is not available on a cluster: dqlite runs a write without returning rows"
        } else if parameterNames.count > WireCodes.maximumParameters {
            unavailable = "a statement takes at most \(WireCodes.maximumParameters) parameters on a cluster (dqlite's protocol); this one has \(parameterNames.count)"
        } else {
            unavailable = nil
        }
    }

    private static func word(_ words: [SQLWord], _ index: Int) -> String? {
        guard index < words.count, case .word(let word) = words[index] else { return nil }
        return word
    }

    /// A savepoint's name, folded to lower case (SQLite compares them without case).
    private static func name(_ words: [SQLWord], after index: Int) -> String? {
        guard index < words.count else { return nil }
        switch words[index] {
        case .word(let word), .quoted(let word): return word.lowercased()
        default: return nil
        }
    }

    /// The words outside parentheses.
    private static func topLevelWords(_ words: [SQLWord]) -> [String] {
        var depth = 0
        var result: [String] = []
        for word in words {
            switch word {
            case .symbol(UInt8(ascii: "(")): depth += 1
            case .symbol(UInt8(ascii: ")")): depth -= 1
            case .word(let text) where depth == 0: result.append(text)
            default: break
            }
        }
        return result
    }

    /// Numbers the parameters as SQLite does: `?` takes the next number, `?N` the number N, and
    /// a name its first number wherever it appears again.
    private static func parameters(_ words: [SQLWord]) -> [String?] {
        var names: [String?] = []
        var numbered: [String: Int] = [:]
        for case .parameter(let text) in words {
            if text == "?" {
                names.append(nil)
            } else if text.hasPrefix("?"), let number = Int(text.dropFirst()), number > 0, number <= 32_766 {
                while names.count < number { names.append(nil) }
                names[number - 1] = names[number - 1] ?? text
            } else if numbered[text] == nil {
                names.append(text)
                numbered[text] = names.count
            }
        }
        return names
    }
}
