/// A statement that sets or changes an encryption key, `PRAGMA [schema.]key = value` and its
/// kin (`hexkey`, `textkey`, `rekey`, `hexrekey`, `textrekey`), read as SQLite reads a pragma
/// (see `PragmaAssignment`): what a program that opens databases itself (the `sqlctx` shell)
/// takes in place of running it.
package struct KeyPragma: Equatable {
    /// The pragmas that set or change a key.
    private static let names: Set = ["key", "hexkey", "textkey", "rekey", "hexrekey", "textrekey"]

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
        guard let pragma = PragmaAssignment(sql), Self.names.contains(pragma.name) else { return nil }
        self.init(name: pragma.name, schema: pragma.schema, value: pragma.value)
    }
}
