import PortableSQL
import Testing

/// The one SQL lexer reads tokens as SQLite's tokenizer does: what key redaction, statement
/// classification and the script splitters (the shell's, the cluster's) all read.
@Suite struct SQLLexerTests {
    /// The kind and text of each token of `sql`.
    func tokens(_ sql: String) -> [(SQLToken.Kind, String)] {
        let tokens = SQLTokens(sql)
        return tokens.map { ($0.kind, tokens.text($0)) }
    }

    /// Whether the lexer ends `sql` inside a quote, bracket, blob or block comment.
    func endsOpen(_ sql: String) -> Bool {
        SQLLexer.reading(sql) { bytes in
            var lexer = SQLLexer(bytes)
            while lexer.next() != nil {}
            return lexer.endsOpen
        }
    }

    @Test func whiteSpaceAndBothKindsOfCommentAreSkipped() {
        #expect(tokens("SELECT/* a; */1 -- b;\n\t;").map(\.1) == ["SELECT", "1", ";"])
        #expect(tokens("pragma\n-- comment\n\tkey=\"x\"").map(\.1) == ["pragma", "key", "=", "\"x\""])
        #expect(tokens(" \u{0B}\u{0C}\r\n").isEmpty)
        #expect(tokens("a/**/b").map(\.1) == ["a", "b"])
        #expect(tokens("a - -1 / 2").map(\.1) == ["a", "-", "-", "1", "/", "2"])
    }

    @Test func quotesEndAtTheirClosingQuoteWithDoubledQuotesInside() {
        let sql = #"'it''s' "a""b" `c``d` [e "f] 'x'"#
        #expect(tokens(sql).map(\.0) == [.string, .quotedIdentifier, .quotedIdentifier, .quotedIdentifier, .string])
        let read = SQLTokens(sql)
        #expect(read.map { read.name($0) } == ["it's", #"a"b"#, "c`d", #"e "f"#, "x"])
        #expect(read.allSatisfy { $0.isName })
    }

    @Test func blobsNumbersParametersAndOperatorsAreOneTokenEach() {
        #expect(tokens("X'0A' x'' 12 1.5e-3 .5 1. 0x1F 12abc a.b").map(\.0)
            == [.blob, .blob, .number, .number, .number, .number, .number, .number, .word, .dot, .word])
        #expect(tokens("1.5e-3+.5").map(\.1) == ["1.5e-3", "+", ".5"])
        let parameters = "? ?12 :a @b $c #d $a::b(c) $a(') :x::y"
        #expect(tokens(parameters).allSatisfy { $0.0 == .parameter })
        #expect(tokens(parameters).map(\.1) == ["?", "?12", ":a", "@b", "$c", "#d", "$a::b(c)", "$a(')", ":x::y"])
        #expect(tokens(": $ @").map(\.0) == [.symbol, .symbol, .symbol])
        #expect(tokens("$a(b c)").map(\.1) == ["$a(b", "c", ")"])
        #expect(tokens("|| -> ->> <= <> << >= >> == != , = < ( ) ; .").map(\.1)
            == ["||", "->", "->>", "<=", "<>", "<<", ">=", ">>", "==", "!=", ",", "=", "<", "(", ")", ";", "."])
        #expect(tokens("(;).").map(\.0) == [.openParenthesis, .semicolon, .closeParenthesis, .dot])
    }

    @Test func wordsRunOverDigitsDollarsAndNonASCIIBytes() {
        #expect(tokens("a1$b _x éé x1'q'").map(\.1) == ["a1$b", "_x", "éé", "x1", "'q'"])
        let read = SQLTokens("SeLeCt selects")
        #expect(read.isKeyword(read[0], "select") && !read.isKeyword(read[1], "select"))
        #expect(!SQLTokens("'select'").isKeyword(SQLTokens("'select'")[0], "select"))
    }

    @Test func anUnterminatedQuoteBracketBlobOrBlockCommentRunsToTheEnd() {
        #expect(tokens("SELECT 'abc; def").map(\.1) == ["SELECT", "'abc; def"])
        #expect(tokens("\"a;").map(\.0) == [.quotedIdentifier] && tokens("[a;").map(\.0) == [.quotedIdentifier])
        #expect(tokens("x'ab;").map(\.0) == [.blob])
        #expect(tokens("SELECT 1 /* ; ").map(\.1) == ["SELECT", "1"])
        for open in ["'abc", "\"a", "`a", "[a", "x'ab", "/* a", "/*/", "'it''"] {
            #expect(endsOpen(open), "\(open)")
        }
        for closed in ["'abc'", "-- no line end", "/**/", "a -", "a /", "'it'''"] {
            #expect(!endsOpen(closed), "\(closed)")
        }
        #expect(SQLTokens("'ab").map { SQLTokens("'ab").name($0) } == ["ab"])
    }

    /// Key redaction's spellings: a schema prefix, quoted names of every kind, comments between.
    @Test func keyStatementSpellingsReadAsSQLiteReadsThem() {
        #expect(tokens("PRAGMA/**/main . [key]('x')").map(\.0)
            == [.word, .word, .dot, .quotedIdentifier, .openParenthesis, .string, .closeParenthesis])
        #expect(tokens("ATTACH $a(') AS e KEY 'k'").map(\.1) == ["ATTACH", "$a(')", "AS", "e", "KEY", "'k'"])
        #expect(tokens(#"PRAGMA "main"."key" = 'k'"#).map(\.0) == [.word, .quotedIdentifier, .dot, .quotedIdentifier, .symbol, .string])
    }
}
