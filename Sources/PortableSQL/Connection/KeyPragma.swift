/// A statement that sets or changes an encryption key, `PRAGMA [schema.]key = value` and its
/// kin (`hexkey`, `textkey`, `rekey`, `hexrekey`, `textrekey`), read as SQLite reads a pragma:
/// what a program that opens databases itself (the `sqlctx` shell) takes in place of running it.
package struct KeyPragma: Equatable {
    /// The pragma's name, lower-cased: `key`, `hexkey`, `textkey`, `rekey`, `hexrekey` or `textrekey`.
    package let name: String
    /// The schema it names: `main` when none.
    package let schema: String
    /// The argument as SQLite reads it: a string's or name's text without quotes, a number's digits.
    package let value: String

    /// Whether the pragma changes the key of an encrypted database rather than giving it.
    package var changesKey: Bool { name.hasSuffix("rekey") }

    /// Whether the value is hex digits (`hexkey`, `hexrekey`) rather than a passphrase.
    package var isHex: Bool { name.hasPrefix("hex") }

    /// The pragma `name` of `schema` with the argument `value`.
    package init(name: String, schema: String, value: String) {
        self.name = name
        self.schema = schema
        self.value = value
    }

    /// The key pragma that `sql` is, alone (a `;` may end it, and `EXPLAIN` may not start
    /// it); `nil` for any other text, a key pragma without a value among them.
    package init?(_ sql: String) {
        let tokens = SQLTokens(sql)
        var rest = tokens[...]
        func next() -> SQLToken? { rest.popFirst() }
        guard let pragma = next(), tokens.isKeyword(pragma, "pragma"), var nameToken = next(), nameToken.isName else { return nil }
        var schema = "main"
        if rest.first?.kind == .dot {
            _ = next()
            guard let qualified = next(), qualified.isName else { return nil }
            schema = tokens.name(nameToken)
            nameToken = qualified
        }
        let name = tokens.name(nameToken).lowercased()
        guard ["key", "hexkey", "textkey", "rekey", "hexrekey", "textrekey"].contains(name), let opening = next() else { return nil }
        let parenthesized = opening.kind == .openParenthesis
        guard parenthesized || tokens.text(opening) == "=", let argument = next() else { return nil }
        switch argument.kind {
        case .string, .quotedIdentifier, .word: value = tokens.name(argument)
        case .number: value = tokens.text(argument)
        default: return nil
        }
        if parenthesized { guard next()?.kind == .closeParenthesis else { return nil } }
        if rest.first?.kind == .semicolon { _ = next() }
        guard rest.isEmpty else { return nil }
        self.name = name
        self.schema = schema
    }
}
