/// A statement that gives a pragma a value, `PRAGMA [schema.]name = value` or `PRAGMA
/// [schema.]name(value)`, alone (a `;` may end it, and `EXPLAIN` may not start it), read as
/// SQLite reads a pragma: what a program that opens databases itself (the `sqlctx` shell) takes
/// in place of running it, such as `PRAGMA key` (see `KeyPragma`) or `PRAGMA cipher_compatibility`.
package struct PragmaAssignment: Equatable {
    /// The pragma's name, lower-cased.
    package let name: String
    /// The schema it names: `main` when none.
    package let schema: String
    /// The argument as SQLite reads it: a string's or name's text without quotes, a number's digits.
    package let value: String

    /// The pragma `name` of `schema` with the argument `value`.
    package init(name: String, schema: String, value: String) {
        self.name = name
        self.schema = schema
        self.value = value
    }

    /// The pragma that `sql` sets, alone; `nil` for any other text, a pragma without a value
    /// or with one SQLite reads as an expression (`-1`, say) among them.
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
        guard let opening = next() else { return nil }
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
        name = tokens.name(nameToken).lowercased()
        self.schema = schema
    }
}
