import PortableSQL
import PortableSQLTestSupport
import Testing

/// The splitter and SQLite's own `sqlite3_complete` agree on whether generated SQL text is
/// complete: texts built from quotes, comments, semicolons, blobs, parameters, `CASE … END`
/// and `CREATE TRIGGER … BEGIN … END`, whole or cut, glued or spaced.
@Suite struct SQLCompleteDifferentialTests {
    /// Pieces of SQL, some of them unterminated, so that glued together they open and close
    /// quotes and comments across pieces.
    static let fragments = [
        "SELECT", "1", "1.5e3", "'a;b'", "'it''s'", "\"q;\"", "\"\"", "`b;`", "[c;]", "x'0A'", "X'3B'", "-- c;\n", "/* ; */", "/**/",
        ";", ";", ";", ";", "CREATE", "create", "TEMP", "TEMPORARY", "TRIGGER", "trigger", "BEGIN", "END", "end", "End", "CASE",
        "WHEN", "THEN", "ELSE", "EXPLAIN", "QUERY", "PLAN", "t", "tr_end", "endx", "?", "?2", ":a", "$b", "@c", "#d", "$e::f(g)",
        "(", ")", ",", "=", "||", "-", "/", "'", "\"", "`", "[", "]", "/*", "*/", "--", "x'", "é",
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN", "CREATE TEMP TRIGGER tr AFTER DELETE ON t WHEN 1 BEGIN",
        "INSERT INTO u VALUES (1);", "UPDATE u SET v = CASE WHEN 1 THEN 2 ELSE 3 END;", "END;", "SELECT CASE 1 WHEN 1 THEN 'END;' END;",
        "BEGIN TRANSACTION;", "EXPLAIN QUERY PLAN", "COMMIT;",
    ]
    /// What goes between two pieces: nothing (glued), or white space.
    static let gaps = ["", " ", " ", " ", "\n", "\t", "\r\n", "\u{0C}"]
    /// How a text ends: as it is, or with a `;` or a trigger's end that may complete it.
    static let endings = ["", ";", ";", "; END;", "\n;\n", "; -- done"]

    @Test func theSplitterAgreesWithSqlite3CompleteOnGeneratedText() {
        let seed = testSeed()
        var random = SeededGenerator(seed: seed)
        let complete = SQLiteEngine.system.functions.complete
        let count = 5_000 * soakFactor()
        var disagreements: [String] = []
        var completeCount = 0
        var skipped = 0
        for _ in 0..<count {
            var sql = ""
            for _ in 0..<Int.random(in: 1...14, using: &random) {
                sql += Self.fragments.randomElement(using: &random)! + Self.gaps.randomElement(using: &random)!
            }
            sql += Self.endings.randomElement(using: &random)!
            guard !SQLScript.readsDifferentlyFromSQLiteComplete(sql) else {
                skipped += 1
                continue
            }
            let expected = complete(sql) == 1
            completeCount += expected ? 1 : 0
            if SQLScript(sql).isComplete != expected { disagreements.append(sql) }
        }
        #expect(skipped < count / 20, "\(skipped) of \(count) skipped")
        #expect(disagreements.isEmpty, "seed \(seed): \(disagreements.count) of \(count) disagree, first \(disagreements.prefix(5))")
        // Both answers are well represented.
        #expect(completeCount > count / 5 && completeCount < count * 4 / 5, "\(completeCount) of \(count) complete")
    }

    @Test func whereTheTokenizerAndSqlite3CompleteDifferTheSplitterReadsAsTheTokenizer() {
        let complete = SQLiteEngine.system.functions.complete
        let openParameter = "SELECT :a(; SELECT 2;"
        #expect(complete(openParameter) == 1 && SQLScript(openParameter).statements.count == 1)
        #expect(SQLTokens(openParameter).map { SQLTokens(openParameter).text($0) } == ["SELECT", ":a(;", "SELECT", "2", ";"])
        let gluedNumber = "EXPLAIN ?2CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;"
        #expect(complete(gluedNumber) == 1 && SQLScript(gluedNumber).statements.count == 1)
        #expect(complete("SELECT 1;\u{0B}") == 0 && SQLScript("SELECT 1;\u{0B}").isComplete)
        #expect([openParameter, gluedNumber, "SELECT 1;\u{0B}"].allSatisfy(SQLScript.readsDifferentlyFromSQLiteComplete))
        #expect(!SQLScript.readsDifferentlyFromSQLiteComplete("SELECT :a, ?2 + 1, $b(c); -- \u{0C}"))
    }
}
