/// Where a reading of SQL text stands with respect to the end of a statement, by the rule
/// `sqlite3_complete` follows: a statement ends at a `;`, except that `CREATE [TEMP] TRIGGER`
/// makes one whose body's `;`s do not end it: it ends at a `;` right after an `END` that
/// comes right after a `;` (`…; END;`). A `CASE … END` in the body never follows a `;`, so it
/// does not end it. One step per token, whatever came before.
enum SQLStatementEnd: Equatable {
    /// Between statements: the last token ended one, or there was none yet.
    case between
    /// Inside a statement that ends at the next `;`.
    case inStatement
    /// After `EXPLAIN` (and maybe `QUERY PLAN`) at the start of a statement.
    case afterExplain
    /// After `CREATE` and maybe `TEMP` at the start of a statement.
    case afterCreate
    /// Inside `CREATE TRIGGER`, which `; END ;` ends.
    case inTrigger
    /// After a `;` inside a trigger.
    case semicolonInTrigger
    /// After `; END` inside a trigger.
    case endInTrigger

    /// The tokens that move the reading differently.
    enum Token {
        case semicolon, explain, create, temp, trigger, end, other
    }

    /// The token class of `token`, read from `bytes`.
    static func token(_ token: SQLToken, in bytes: UnsafeRawBufferPointer) -> Token {
        switch token.kind {
        case .semicolon: return .semicolon
        case .word:
            // Only the length of one of the six words is worth comparing.
            switch token.range.count {
            case 3: return token.isKeyword("end", in: bytes) ? .end : .other
            case 4: return token.isKeyword("temp", in: bytes) ? .temp : .other
            case 6: return token.isKeyword("create", in: bytes) ? .create : .other
            case 7: return token.isKeyword("trigger", in: bytes) ? .trigger : token.isKeyword("explain", in: bytes) ? .explain : .other
            case 9: return token.isKeyword("temporary", in: bytes) ? .temp : .other
            default: return .other
            }
        default: return .other
        }
    }

    /// Where the reading stands after `token`.
    func reading(_ token: Token) -> Self {
        switch (self, token) {
        case (.inTrigger, .semicolon), (.semicolonInTrigger, .semicolon): return .semicolonInTrigger
        case (.semicolonInTrigger, .end): return .endInTrigger
        case (.endInTrigger, .semicolon): return .between
        case (.inTrigger, _), (.semicolonInTrigger, _), (.endInTrigger, _): return .inTrigger
        case (_, .semicolon): return .between
        case (.between, .explain): return .afterExplain
        case (.between, .create), (.afterExplain, .create), (.afterCreate, .temp): return .afterCreate
        case (.afterExplain, .other): return .afterExplain
        case (.afterCreate, .trigger): return .inTrigger
        default: return .inStatement
        }
    }
}
