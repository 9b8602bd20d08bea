import PortableSQL

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
        let words = SQLTokens(sql)
        isBlank = words.allSatisfy { $0.kind == .semicolon }
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
            transactionEffect = words.dropFirst().prefix(2).contains { words.isKeyword($0, "to") } ? .none : .rollback
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

    /// The token at `index`, in upper case, when it is a word.
    private static func word(_ words: SQLTokens, _ index: Int) -> String? {
        guard index < words.count, words[index].kind == .word else { return nil }
        return words.text(words[index]).uppercased()
    }

    /// A savepoint's name, folded to lower case (SQLite compares them without case).
    private static func name(_ words: SQLTokens, after index: Int) -> String? {
        guard index < words.count, words[index].isName else { return nil }
        return words.name(words[index]).lowercased()
    }

    /// The words outside parentheses.
    private static func topLevelWords(_ words: SQLTokens) -> [String] {
        var depth = 0
        var result: [String] = []
        for word in words {
            switch word.kind {
            case .openParenthesis: depth += 1
            case .closeParenthesis: depth -= 1
            case .word where depth == 0: result.append(words.text(word).uppercased())
            default: break
            }
        }
        return result
    }

    /// Numbers the parameters as SQLite does: `?` takes the next number, `?N` the number N, and
    /// a name its first number wherever it appears again.
    private static func parameters(_ words: SQLTokens) -> [String?] {
        var names: [String?] = []
        var numbered: [String: Int] = [:]
        for word in words where word.kind == .parameter {
            let text = words.text(word)
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
