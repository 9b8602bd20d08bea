import Foundation

/// Finds the encryption keys in SQL text: SQLCipher's `PRAGMA key`, `rekey`, `hexkey`,
/// `hexrekey`, `textkey`, `textrekey`, `ATTACH … KEY …`, and the `key=`, `hexkey=` and `textkey=`
/// parameters of a `file:` URI. Statements are read with SQLite's own tokenizing rules rather
/// than a pattern: white space and both kinds of comment between tokens, identifiers quoted with
/// `"…"`, `[…]`, `` `…` `` or `'…'`, a schema prefix (`main.key`), `EXPLAIN` and `EXPLAIN QUERY
/// PLAN` before a statement, parameters such as `$a(x)`, and `;` between statements. Every
/// trace, error and refusal that must not show or accept a key asks here.
package enum KeyStatements {
    /// What stands in for a key in redacted text.
    private static let placeholder = "'<redacted>'"

    /// The pragmas that set or change a key.
    private static let keyPragmas: Set<String> = ["key", "rekey", "hexkey", "hexrekey", "textkey", "textrekey"]

    /// The `file:` URI parameters that SQLCipher takes a key from.
    private static let uriKeyParameters: Set<String> = ["key", "hexkey", "textkey"]

    /// Whether the first statement of `sql` opens a database file that a value may name
    /// (ATTACH, VACUUM … INTO): a trace shows such a statement without its values.
    package static func opensFile(_ sql: String) -> Bool {
        firstWord(of: sql, amongst: ["attach", "vacuum"]) != nil
    }

    /// The first word of `sql`, lower-cased, when it is one of `words`; the text is tokenized
    /// only when it contains one of them, and in place.
    private static func firstWord(of sql: String, amongst words: [String]) -> String? {
        guard words.contains(where: { contains(sql, asciiWord: $0) }) else { return nil }
        return SQLLexer.reading(sql) { bytes in
            var lexer = SQLLexer(bytes)
            guard let first = lexer.next() else { return nil }
            return words.first { first.isKeyword($0, in: bytes) }
        }
    }

    /// `sql` with each string and blob literal written as `'<redacted>'`: the text a trace shows
    /// of a statement that `opensFile`, whose literals may spell a URI with a key in pieces.
    package static func withoutLiterals(_ sql: String) -> String {
        let tokens = SQLTokens(sql)
        var result: [UInt8] = []
        var copied = 0
        for token in tokens where token.kind == .string || token.kind == .blob {
            result += tokens.bytes[copied..<token.range.lowerBound] + Array(placeholder.utf8)
            copied = token.range.upperBound
        }
        return String(decoding: result + tokens.bytes[copied...], as: UTF8.self)
    }

    /// Whether any statement of `sql` carries a key that SQLite would use.
    package static func containsKey(_ sql: String) -> Bool {
        mentionsKeyAtAll(sql) && !secrets(in: SQLTokens(sql), loosely: false).isEmpty
    }

    /// `sql` with the key of each statement that carries one replaced by a placeholder (and the
    /// value of any key parameter of a URI in it); `sql` itself when there is none.
    package static func redacted(_ sql: String) -> String {
        withoutURIKeys(replacing(secrets(in: SQLTokens(sql), loosely: false), in: sql))
    }

    /// `sql` as an error may show it: redacted as `redacted(_:)` does, and, in a PRAGMA or ATTACH
    /// statement that mentions a key in a way SQLite cannot read (a mistyped `PRAGMA key`, say,
    /// which fails), everything after that word too.
    package static func redactedForError(_ sql: String) -> String {
        withoutURIKeys(replacing(secrets(in: SQLTokens(sql), loosely: true), in: sql))
    }

    /// Whether an error about `sql` must hide the quoted parts of its message too.
    package static func mentionsKey(_ sql: String) -> Bool {
        mentionsKeyAtAll(sql) && (!secrets(in: SQLTokens(sql), loosely: true).isEmpty || containsURIKey(sql))
    }

    /// Whether `text` has "key" in it, in any case, or a `%` (a URI parameter's name may be
    /// percent-encoded): every key statement, spelling and URI parameter does, so text without
    /// either (most SQL a context prepares) is passed at the cost of one scan, without tokenizing.
    private static func mentionsKeyAtAll(_ text: String) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "%") { return true }
            if byte | 0x20 == UInt8(ascii: "y"), previous.0 | 0x20 == UInt8(ascii: "k"), previous.1 | 0x20 == UInt8(ascii: "e") { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// Whether `text` has the lower-case ASCII `word` in it, in any case: a scan of its bytes.
    private static func contains(_ text: String, asciiWord word: String) -> Bool {
        let pattern = Array(word.utf8)
        let bytes = text.utf8
        var start = bytes.startIndex
        while let first = bytes[start...].firstIndex(where: { $0 | 0x20 == pattern[0] }) {
            var index = first
            var matched = 0
            while matched < pattern.count, index < bytes.endIndex, bytes[index] | 0x20 == pattern[matched] {
                matched += 1
                bytes.formIndex(after: &index)
            }
            if matched == pattern.count { return true }
            start = bytes.index(after: first)
        }
        return false
    }

    /// `text` with the value of each `key=`, `hexkey=` or `textkey=` parameter of a URI in it
    /// replaced, as SQLite reads the value: up to the next `&` or `#` (or the end of the text).
    /// `inSQL` text holds the URI in a SQL string literal (a trace's values written in): there
    /// the literal's closing quote ends the value too, and a doubled quote does not.
    package static func withoutURIKeys(_ text: String, inSQL: Bool = false) -> String {
        // Most messages and statements name no key: passed after one scan.
        guard mentionsKeyAtAll(text) else { return text }
        let parameters = uriKeyParameters(in: Substring(text), inSQL: inSQL)
        guard !parameters.isEmpty else { return text }
        var result = ""
        var kept = text.startIndex
        for (_, _, value) in parameters where value.lowerBound >= kept {
            result += text[kept..<value.lowerBound] + "<redacted>"
            kept = value.upperBound
        }
        return result + text[kept...]
    }

    /// `message` with each part in double quotes replaced by a placeholder: SQLite's messages
    /// quote the text they stop at (`near "…": syntax error`), which may be the key.
    package static func redactedMessage(_ message: String) -> String {
        var result = ""
        var inQuotes = false
        for character in message {
            if character == "\"" {
                result += inQuotes ? "<redacted>\"" : "\""
                inQuotes.toggle()
            } else if !inQuotes {
                result.append(character)
            }
        }
        return inQuotes ? result + "<redacted>" : result
    }

    // MARK: Finding keys

    /// Where a key is, and what stands in for it.
    private struct Secret {
        let range: Range<Int>
        let replacement: String
    }

    /// The keys in `tokens`, in order; `loosely` adds what an error must hide (see
    /// `redactedForError`). Every `;` ends a statement here, even in what reads as a trigger's
    /// body: no key statement can be in one, and SQLite's parser, not `sqlite3_complete`, says
    /// where a malformed trigger ends, so a key after any `;` is found.
    private static func secrets(in tokens: SQLTokens, loosely: Bool) -> [Secret] {
        var found: [Secret] = []
        var statementStart = tokens.startIndex
        for index in tokens.indices where tokens[index].kind == .semicolon {
            found += secrets(of: tokens[statementStart..<index], end: tokens[index].range.lowerBound, in: tokens, loosely: loosely)
            statementStart = index + 1
        }
        return found + secrets(of: tokens[statementStart...], end: tokens.bytes.count, in: tokens, loosely: loosely)
    }

    /// The keys of one statement of `all`, which ends at byte `end`.
    private static func secrets(of statement: Slice<SQLTokens>, end: Int, in all: SQLTokens, loosely: Bool) -> [Secret] {
        var tokens = statement
        func keyword(_ word: String) -> Bool {
            guard let first = tokens.first, all.isKeyword(first, word) else { return false }
            tokens = tokens.dropFirst()
            return true
        }
        if keyword("explain"), keyword("query") { _ = keyword("plan") }
        if keyword("pragma") {
            if var name = tokens.first, name.isName {
                tokens = tokens.dropFirst()
                if tokens.first?.kind == .dot, let qualified = tokens.dropFirst().first, qualified.isName {
                    name = qualified
                }
                if keyPragmas.contains(all.name(name).lowercased()) {
                    return [Secret(range: name.range.upperBound..<end, replacement: " = " + placeholder)]
                }
            }
        } else if keyword("attach") {
            if let key = tokens.first(where: { all.isKeyword($0, "key") }) {
                return [Secret(range: key.range.upperBound..<end, replacement: " " + placeholder)]
            }
            let uris = tokens.filter { ($0.kind == .string || $0.kind == .quotedIdentifier) && containsURIKey(all.name($0)) }
            if !uris.isEmpty { return uris.map { Secret(range: $0.range, replacement: placeholder) } }
        } else if keyword("vacuum") {
            // VACUUM INTO opens its target as ATTACH opens a file, URI keys and all.
            let uris = tokens.filter { ($0.kind == .string || $0.kind == .quotedIdentifier) && containsURIKey(all.name($0)) }
            if !uris.isEmpty { return uris.map { Secret(range: $0.range, replacement: placeholder) } }
        }
        return loosely ? looseSecret(of: statement, end: end, in: all) : []
    }

    /// In a statement whose first word names PRAGMA or ATTACH, everything after the first word
    /// that mentions a key: what an error hides even where SQLite read no key.
    private static func looseSecret(of statement: Slice<SQLTokens>, end: Int, in all: SQLTokens) -> [Secret] {
        guard let first = statement.first.map({ all.text($0).lowercased() }), first.contains("pragma") || first.contains("attach"),
            let word = statement.first(where: { $0.kind == .word && all.text($0).lowercased().contains("key") })
        else { return [] }
        return [Secret(range: word.range.upperBound..<end, replacement: " " + placeholder)]
    }

    /// `sql` with each secret's bytes replaced by its replacement.
    private static func replacing(_ secrets: [Secret], in sql: String) -> String {
        guard !secrets.isEmpty else { return sql }
        let bytes = Array(sql.utf8)
        var result: [UInt8] = []
        var position = 0
        for secret in secrets {
            result += bytes[position..<secret.range.lowerBound]
            result += Array(secret.replacement.utf8)
            position = secret.range.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether the values of an expanded statement (`sqlite3_expanded_sql`) hold a URI with a
    /// key: in a text, or in a blob (`X'…'`), whose bytes SQLite also takes as a file name.
    package static func valuesContainURIKey(_ expanded: String) -> Bool {
        withBlobsAsText(expanded).contains { containsURIKey($0) }
    }

    /// Why SQLCipher would take a URI key parameter in `text` (or in one of its blobs, read as
    /// `valuesContainURIKey` reads them) as no key at all, and write the data in clear, or `nil`
    /// when every one is sound: a name in upper case (SQLCipher reads `key` and `hexkey` only in
    /// lower case), `textkey` (which it reads as a key of no length), an empty key, a `hexkey`
    /// that is not pairs of hex digits (it keeps only the leading ones), a key after the URI's
    /// `#` (SQLite stops reading there), or one outside the URI's query (`outsideTheQuery`).
    /// `inSQL`: `text` is SQL, where a quote ends a literal and so a value; in a path (`false`)
    /// a quote is part of the value, as SQLite reads it.
    package static func unusableURIKey(in text: String, inSQL: Bool = true) -> String? {
        for part in withBlobsAsText(text) {
            let whole = Substring(part)
            for (separator, name, value) in uriKeyParameters(in: whole, inSQL: inSQL) {
                if isInFragment(whole, before: value.lowerBound) {
                    return "SQLite reads a URI up to its #, so SQLCipher would never see the \(name)= after it"
                }
                if let reason = outsideTheQuery(whole, separator: separator, name: name, inSQL: inSQL) { return reason }
                if let reason = unusableURIKey(named: name, value: DatabaseURI.parameterName(part[value])) { return reason }
            }
        }
        return nil
    }

    /// Whether a `#` comes before `index` in `text`: SQLite reads a URI only up to its `#`, and
    /// which literal, comment or computed piece of `text` the `#` ends up in cannot be told
    /// from the text alone, so any `#` before a key counts (`'file:x#' || '?key=k'` too).
    private static func isInFragment(_ text: Substring, before index: String.Index) -> Bool {
        text[..<index].contains("#")
    }

    /// Why SQLite would not read the parameter `name` that starts after `separator` (a `?` or
    /// `&`) as a parameter, or `nil` when it would: a URI's query starts at its first `?`, so an
    /// `&` before that is part of the file's name, and a later `?` part of a parameter (`??key=`
    /// is the parameter `?key`). A path (`inSQL` false) is one URI from its start, whatever a
    /// value holds (`?note=file:b?key=k` has one parameter, `note`). In SQL, where the text may
    /// hold several URIs, the reading that refuses more wins: a `?` counts from the first
    /// `file:` before it, an `&` from the last.
    private static func outsideTheQuery(_ text: Substring, separator: String.Index, name: String, inSQL: Bool) -> String? {
        let before = text[..<separator]
        let first = inSQL ? before.range(of: "file:")?.upperBound ?? text.startIndex : text.startIndex
        let last = inSQL ? before.range(of: "file:", options: .backwards)?.upperBound ?? text.startIndex : text.startIndex
        if text[separator] == "&", !text[last..<separator].contains("?") {
            return "the \(name)= has no ? before it in its file: URI, so SQLite would read it as part of the file's name"
        }
        if text[separator] == "?", text[first..<separator].contains("?") {
            return "the URI's \(name)= comes after a second ?, which SQLite reads as part of the parameter's name, so SQLCipher would never see \(name)="
        }
        return nil
    }

    /// Why SQLCipher would take the URI parameter `name` (decoded, any case) with `value` as
    /// no key at all, or `nil` when it is sound or no key parameter: see `unusableURIKey(in:)`.
    package static func unusableURIKey(named name: String, value: String) -> String? {
        guard uriKeyParameters.contains(name.lowercased()) else { return nil }
        if name != name.lowercased() { return "SQLCipher reads the URI parameter \(name.lowercased()) only in lower case, and would ignore \(name)" }
        if name == "textkey" { return "SQLCipher takes a URI's key= (a passphrase) or hexkey= (a raw key in hex), not textkey=" }
        if value.isEmpty { return "the URI's \(name)= is empty" }
        if name == "hexkey", value.utf8.count % 2 != 0 || !value.utf8.allSatisfy({ DatabaseURI.hexValue($0) != nil }) {
            return "the URI's hexkey= must be pairs of hex digits, which SQLCipher would otherwise cut short"
        }
        return nil
    }

    /// Whether `name` (a decoded URI parameter name) is one SQLCipher takes a key from, in any case.
    package static func isURIKeyParameter(_ name: String) -> Bool {
        uriKeyParameters.contains(name.lowercased())
    }

    /// `text`, then the bytes of each of its blob literals (`X'…'`) read as UTF-8.
    private static func withBlobsAsText(_ text: String) -> [String] {
        let tokens = SQLTokens(text)
        return [text] + tokens.compactMap { tokens.blobText($0) }
    }

    /// Whether `text` holds a key parameter of a URI (`?key=…`, `&hexkey=…`, …).
    package static func containsURIKey(_ text: some StringProtocol) -> Bool {
        !uriKeyParameters(in: Substring(text)).isEmpty
    }

    /// The key parameters of URIs in `text`: the `?` or `&` before each, its name as SQLite
    /// reads it (`%6Bey=` and `key%00x=` are `key=`, see `uriParameterName`), matched in any case
    /// and after any `?` or `&` (more than SQLite takes, never less), and where its value starts
    /// and ends.
    private static func uriKeyParameters(in text: Substring, inSQL: Bool = false) -> [(separator: String.Index, name: String, value: Range<String.Index>)] {
        var found: [(separator: String.Index, name: String, value: Range<String.Index>)] = []
        var search = text.startIndex
        while let separator = text[search...].firstIndex(where: { $0 == "?" || $0 == "&" }) {
            let after = text.index(after: separator)
            search = after
            guard let equals = text[after...].firstIndex(where: { "=&#".contains($0) }), text[equals] == "=" else { continue }
            let name = DatabaseURI.parameterName(text[after..<equals])
            guard uriKeyParameters.contains(name.lowercased()) else { continue }
            let start = text.index(after: equals)
            found.append((separator, name, start..<valueEnd(in: text, from: start, inSQL: inSQL)))
        }
        return found
    }

    /// Where a URI parameter's value that starts at `start` ends: at `&`, `#`, the end of the
    /// text, or in SQL at a quote that is not doubled (the end of the literal).
    private static func valueEnd(in text: Substring, from start: String.Index, inSQL: Bool) -> String.Index {
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "&" || character == "#" { return index }
            if inSQL, character == "'" || character == "\"" {
                let next = text.index(after: index)
                guard next < text.endIndex, text[next] == character else { return index }
                index = text.index(after: next)
                continue
            }
            index = text.index(after: index)
        }
        return text.endIndex
    }
}
