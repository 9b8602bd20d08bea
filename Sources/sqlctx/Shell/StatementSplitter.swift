/// Splits SQL text into statements by the rules of SQLite's `sqlite3_complete`: a statement ends
/// at a `;` outside quotes, brackets and comments, except inside `CREATE [TEMP] TRIGGER … BEGIN
/// … END`, which ends at the `;` after `END`. The shell reads lines until the text it holds is
/// complete in this sense, then runs each statement in it.
enum StatementSplitter {
    /// One statement of the text, with its closing `;`.
    struct Statement: Equatable {
        /// The statement's text, from its first token to its `;`.
        let sql: String
        /// How many lines of the text come before the statement's first token.
        let linesBefore: Int
    }

    /// What the text holds.
    enum Scan: Equatable {
        /// Only white space and comments (or nothing): there is no statement to run.
        case blank
        /// A statement that is not finished: an open quote or comment, or no closing `;` yet.
        case incomplete
        /// Every statement is finished; here they are, in order (empty ones like `;;` left out).
        case complete([Statement])
    }

    /// The significant kinds of token, as `sqlite3_complete` tells them apart: `;`, white space
    /// and comments, the keywords EXPLAIN, CREATE, TEMP (or TEMPORARY), TRIGGER and END, and
    /// every other token (names, literals, operators).
    private enum Token {
        case semicolon, space, other, explain, create, temp, trigger, end
    }

    /// Where the reading stands, as `sqlite3_complete` tracks it.
    private enum State {
        /// Nothing but white space read yet.
        case nothing
        /// Between statements.
        case start
        /// Inside a statement that ends at the next `;`.
        case normal
        /// After `EXPLAIN` at the start of a statement.
        case explain
        /// After `CREATE`, maybe `TEMP`, at the start of a statement.
        case create
        /// Inside a trigger's body, which ends at `; END ;`.
        case trigger
        /// After a `;` inside a trigger's body.
        case semicolonInTrigger
        /// After `; END` inside a trigger's body.
        case endInTrigger
    }

    /// Reads `text` and says whether it is blank, unfinished, or a list of finished statements.
    static func scan(_ text: String) -> Scan {
        let bytes = Array(text.utf8)
        var state = State.nothing
        var position = 0
        var statementStart: Int?
        var statements: [Statement] = []
        var newlines = 0
        var newlinesBeforeStatement = 0
        while position < bytes.count {
            let tokenStart = position
            guard let token = nextToken(bytes, &position) else { return .incomplete }
            if token != .space, token != .semicolon, statementStart == nil {
                statementStart = tokenStart
                newlinesBeforeStatement = newlines
            }
            newlines += bytes[tokenStart..<position].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            state = transition(state, token)
            if token == .semicolon, state == .start {
                if let start = statementStart {
                    statements.append(Statement(sql: String(decoding: bytes[start..<position], as: UTF8.self), linesBefore: newlinesBeforeStatement))
                }
                statementStart = nil
            }
        }
        switch state {
        case .nothing: return .blank
        case .start: return statements.isEmpty ? .blank : .complete(statements)
        default: return .incomplete
        }
    }

    /// The state after reading `token` in `state`.
    private static func transition(_ state: State, _ token: Token) -> State {
        if token == .space { return state }
        switch state {
        case .nothing, .start:
            switch token {
            case .semicolon: return .start
            case .explain: return .explain
            case .create: return .create
            default: return .normal
            }
        case .normal:
            return token == .semicolon ? .start : .normal
        case .explain:
            switch token {
            case .semicolon: return .start
            case .other: return .explain
            case .create: return .create
            default: return .normal
            }
        case .create:
            switch token {
            case .semicolon: return .start
            case .temp: return .create
            case .trigger: return .trigger
            default: return .normal
            }
        case .trigger:
            return token == .semicolon ? .semicolonInTrigger : .trigger
        case .semicolonInTrigger:
            switch token {
            case .semicolon: return .semicolonInTrigger
            case .end: return .endInTrigger
            default: return .trigger
            }
        case .endInTrigger:
            return token == .semicolon ? .start : .trigger
        }
    }

    /// The token at `position`, moving `position` past it; `nil` for a quote, bracket or block
    /// comment that the text does not close.
    private static func nextToken(_ bytes: [UInt8], _ position: inout Int) -> Token? {
        let byte = bytes[position]
        /// The byte `offset` bytes after the token's start, if the text goes that far.
        func next(_ offset: Int) -> UInt8? { position + offset < bytes.count ? bytes[position + offset] : nil }
        switch byte {
        case UInt8(ascii: ";"):
            position += 1
            return .semicolon
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
            position += 1
            return .space
        case UInt8(ascii: "-") where next(1) == UInt8(ascii: "-"):
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            return .space
        case UInt8(ascii: "/") where next(1) == UInt8(ascii: "*"):
            position += 2
            while position + 1 < bytes.count, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) { position += 1 }
            guard position + 1 < bytes.count else { return nil }
            position += 2
            return .space
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
            let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
            position += 1
            while position < bytes.count, bytes[position] != closing { position += 1 }
            guard position < bytes.count else { return nil }
            position += 1
            return .other
        case _ where isIdentifierByte(byte):
            let start = position
            while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
            switch String(decoding: bytes[start..<position], as: UTF8.self).lowercased() {
            case "explain": return .explain
            case "create": return .create
            case "temp", "temporary": return .temp
            case "trigger": return .trigger
            case "end": return .end
            default: return .other
            }
        default:
            position += 1
            return .other
        }
    }

    /// Whether `byte` can be part of a keyword or a bare name: letters, digits, `_`, `$`, and
    /// every byte of a non-ASCII character.
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
