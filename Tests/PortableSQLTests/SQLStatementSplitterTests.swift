import PortableSQL
import Testing

/// The one statement splitter cuts SQL text where `sqlite3_complete` would, trigger bodies
/// included, in one pass: the shell's input, the cluster's `prepare` tails and scripts.
@Suite struct SQLStatementSplitterTests {
    /// The text of each complete statement of `sql` (from its first token), then the rest.
    func split(_ sql: String) -> (statements: [String], rest: String, complete: Bool) {
        let bytes = Array(sql.utf8)
        let script = bytes.withUnsafeBytes { SQLScript($0) }
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        return (script.statements.map { text($0.tokens) }, text(script.rest), script.isComplete)
    }

    /// The first statement of `sql` as the cluster prepares it: with what precedes it.
    func first(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        return String(decoding: bytes[..<bytes.withUnsafeBytes { SQLStatementSplitter.firstStatementLength($0) }], as: UTF8.self)
    }

    @Test func theFirstStatementEndsAtASemicolonOutsideQuotesCommentsAndTriggerBodies() {
        #expect(first("SELECT 1; SELECT 2") == "SELECT 1;")
        #expect(first("SELECT ';' -- ;\n, \"a;b\"; SELECT 2") == "SELECT ';' -- ;\n, \"a;b\";")
        #expect(first("CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); DELETE FROM c; END; SELECT 1")
            == "CREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); DELETE FROM c; END;")
        #expect(first("SELECT 1") == "SELECT 1")
        #expect(first(" ; SELECT 1;") == " ;")
        #expect(first("/* ; */ [a;b] `c;d` x'3B'; 2") == "/* ; */ [a;b] `c;d` x'3B';")
    }

    @Test func aTriggerBodyKeepsItsSemicolonsAndItsCaseEnds() {
        let trigger = """
            CREATE TEMP TRIGGER item_added AFTER INSERT ON item BEGIN
              UPDATE totals SET n = CASE WHEN n IS NULL THEN 1 ELSE CASE n WHEN 0 THEN 1 ELSE n + 1 END END;
              INSERT INTO log VALUES (new.id, 'added;');
            END;
            """
        #expect(split(trigger + "\nSELECT 2;").statements == [trigger, "SELECT 2;"])
        #expect(split("CREATE TEMPORARY TRIGGER t AFTER INSERT ON a BEGIN SELECT 1;;; END;").statements.count == 1)
        #expect(split("EXPLAIN QUERY PLAN CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;").statements.count == 1)
        #expect(split("create\ttrigger t after insert on a begin select 1; end ;").statements.count == 1)
        // A WHEN clause's CASE … END comes before the body.
        #expect(split("CREATE TRIGGER t AFTER INSERT ON a WHEN CASE 1 WHEN 1 THEN 1 END BEGIN SELECT 1; END; SELECT 2;").statements.count == 2)
    }

    @Test func endIsOnlyTheTriggersEndRightAfterASemicolon() {
        // END as a name, quoted or after AS, does not end a body; a quoted "END" never does.
        let body = "CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE t SET \"end\" = 1; SELECT 1 AS end; \"END\"; END;"
        #expect(split(body).statements.count == 1 && split(body).complete)
        #expect(split("CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END").complete == false)
        // Outside a trigger END is COMMIT, or a name.
        #expect(split("CREATE TABLE t(end); SELECT end FROM t; END;").statements == ["CREATE TABLE t(end);", "SELECT end FROM t;", "END;"])
        // BEGIN TRANSACTION starts no trigger body.
        #expect(split("BEGIN TRANSACTION; SELECT 1; END;").statements == ["BEGIN TRANSACTION;", "SELECT 1;", "END;"])
        // TRIGGER is a trigger only right after CREATE [TEMP].
        #expect(split("SELECT trigger FROM t; CREATE TABLE trigger(a); DROP TRIGGER x;").statements.count == 3)
    }

    @Test func theRestIsWhatFollowsTheLastCompleteStatement() {
        #expect(split("SELECT 1; SELECT 2") == (["SELECT 1;"], " SELECT 2", false))
        #expect(split("SELECT 1; -- done") == (["SELECT 1;"], " -- done", true))
        #expect(split("SELECT 1; /* open").complete == false)
        #expect(split("SELECT 'open; SELECT 2;").statements.isEmpty)
        #expect(split(";;").statements == [";", ";"] && split(";;").complete)
        #expect(split("").complete == false && split(" -- nothing").complete == false)
    }

    /// The shell's cases: a statement over several lines, an unfinished one, a blank input.
    @Test func theShellsInputIsCompleteOnlyAtAStatementsEnd() {
        #expect(split("CREATE TABLE item (id);\nINSERT INTO item\n  VALUES (1);").statements == ["CREATE TABLE item (id);", "INSERT INTO item\n  VALUES (1);"])
        #expect(split("INSERT INTO t VALUES ('open\n").complete == false)
        #expect(split("CREATE TRIGGER a_added AFTER INSERT ON a BEGIN SELECT 1;").complete == false)
        #expect(split("CREATE TRIGGER a_added AFTER INSERT ON a BEGIN SELECT 1;\nEND;").complete)
    }

    @Test func aVerticalTabIsWhiteSpaceAsSQLitesTokenizerReadsIt() {
        // sqlite3_complete alone reads \v as a token (so `SELECT 1;\v` is not complete for it);
        // SQLite's parser reads it as white space, and so does the splitter.
        #expect(split("SELECT 1;\u{0B}").complete)
        #expect(split("CREATE\u{0B}TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;").statements.count == 1)
    }

    @Test func splittingATriggerWithTenThousandSemicolonsIsLinear() {
        func tokensRead(semicolons: Int) -> (read: Int, tokens: Int, statements: Int) {
            let sql = "CREATE TRIGGER t AFTER INSERT ON a BEGIN " + String(repeating: "SELECT 1; ", count: semicolons) + "END; SELECT 2;"
            let script = SQLScript(sql)
            return (script.tokensRead, SQLTokens(sql).count, script.statements.count)
        }
        let small = tokensRead(semicolons: 1_000)
        let large = tokensRead(semicolons: 10_000)
        // Each token is read once: ten times the semicolons, ten times the steps (and no more).
        #expect(small.read == small.tokens && large.read == large.tokens)
        #expect(large.read == 30_013 && large.read <= 10 * small.read)
        #expect(large.statements == 2)
    }

    @Test func splittingStatementByStatementReadsEachTokenOnce() {
        // As the cluster's prepare does: the first statement of each tail.
        let sql = String(repeating: "INSERT INTO t VALUES (1); ", count: 2_000) + "CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;"
        let bytes = Array(sql.utf8)
        var read = 0
        var statements = 0
        var start = 0
        while start < bytes.count {
            bytes[start...].withUnsafeBytes { tail in
                var splitter = SQLStatementSplitter(tail)
                start += splitter.next()?.range.upperBound ?? tail.count
                read += splitter.tokensRead
            }
            statements += 1
        }
        #expect(statements == 2_001 && read == SQLTokens(sql).count)
    }
}
