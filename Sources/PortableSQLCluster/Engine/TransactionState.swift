/// Whether a connection is in a transaction, and its open savepoints: dqlite does not report
/// it, so it is followed from the statements that succeed (BEGIN, COMMIT, ROLLBACK, SAVEPOINT,
/// RELEASE), as SQLite's autocommit flag would change.
struct TransactionState {
    private(set) var isOpen = false
    private var savepoints: [String] = []
    /// Whether the transaction began with a SAVEPOINT, so that releasing that one commits it.
    private var startedBySavepoint = false

    /// Follows a statement with `effect` that succeeded.
    mutating func apply(_ effect: StatementShape.TransactionEffect) {
        switch effect {
        case .none: break
        case .begin:
            isOpen = true
            startedBySavepoint = false
        case .commit, .rollback:
            end()
        case .savepoint(let name):
            if !isOpen {
                isOpen = true
                startedBySavepoint = true
            }
            savepoints.append(name)
        case .release(let name):
            guard let index = savepoints.lastIndex(of: name) else { return }
            savepoints.removeSubrange(index...)
            if savepoints.isEmpty, startedBySavepoint { end() }
        }
    }

    /// Whether a statement with `effect` would commit the open transaction.
    func commits(_ effect: StatementShape.TransactionEffect) -> Bool {
        switch effect {
        case .commit: return true
        case .release(let name): return startedBySavepoint && savepoints.first == name
        default: return false
        }
    }

    /// Forgets the transaction, which the node committed or rolled back.
    mutating func end() {
        isOpen = false
        startedBySavepoint = false
        savepoints = []
    }
}
