import Foundation
import PortableSQLTestSupport
import Testing

/// What sqlite3 prints about statements rather than their rows: `EXPLAIN` programs laid out
/// with their loops indented, `.eqp full`, `.schema --indent`, `.log` and `.stats`, through
/// both programs (see `Sqlite3Parity`).
@Suite struct Sqlite3ParityExplainTests {
    /// `EXPLAIN` is laid out the same in every mode (NULL as `.nullvalue`): loops of `Next`,
    /// a sorter, subqueries with `Yield`, a recursive query's `Goto`, a trigger's program;
    /// `.eqp full` prints the plan then the program; `.eqp trace` needs a debugging build.
    @Test func explainProgramsAndFullQueryPlans() throws {
        try Sqlite3Parity.expectSame([], """
            EXPLAIN SELECT * FROM t WHERE a > 1 ORDER BY b;
            .mode box
            EXPLAIN SELECT a, count(*) FROM t GROUP BY a;
            .mode json
            .nullvalue NULL
            EXPLAIN SELECT * FROM t AS x, t AS y WHERE x.a = y.b;
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET b = 1 WHERE a = new.a; END;
            EXPLAIN INSERT INTO t VALUES (1, 2, 3);
            EXPLAIN SELECT * FROM t WHERE a IN (SELECT a FROM t WHERE b > 1) UNION SELECT 1, 2, 3;
            .mode list
            .nullvalue ''
            explain WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT x FROM c;
            EXPLAIN QUERY PLAN SELECT * FROM t;
            .eqp full
            SELECT count(*) FROM t WHERE a > 0;
            CREATE TABLE z(q);
            .show
            .eqp trace
            SELECT 1;
            .eqp
            """)
    }

    /// `.schema --indent` and `.fullschema --indent`: short statements on one line, long ones a
    /// part a line, quotes and comments as sqlite3 reads them; views and triggers as stored.
    @Test func indentedSchemas() throws {
        try Sqlite3Parity.expectSame([], """
            CREATE TABLE long_one(id INTEGER PRIMARY KEY, name TEXT NOT NULL, description TEXT DEFAULT 'none at all', created_at TEXT);
            CREATE TABLE "quoted name"(a INTEGER,
                b TEXT, -- a comment
                c BLOB,   d REAL CHECK (d > 0 AND d < 1000000), e TEXT DEFAULT 'x  y')  ;
            CREATE INDEX i_long ON long_one(name, description, created_at) WHERE name IS NOT NULL AND description <> 'nothing';
            CREATE VIEW v AS SELECT   id,
                name FROM long_one;
            CREATE TABLE q2(a, b, "c(" TEXT, [d)] INT, `e'` TEXT, f TEXT DEFAULT 'it"s (odd)', g INTEGER REFERENCES long_one(id) ON DELETE CASCADE);
            CREATE TABLE trailing(a INTEGER, b TEXT, c TEXT, d TEXT, e TEXT, f TEXT, g TEXT, h TEXT, i TEXT) -- the end
            ;
            .schema --indent
            .schema -indent long%
            .fullschema --indent
            .schema --bogus
            .schema a b
            .fullschema x
            """)
    }

    /// `.log` writes SQLite's error log (a failed prepare, a constraint, an automatic index) to
    /// standard output in order with the rows, to standard error, or to a file, and stops.
    @Test func errorLog() throws {
        try Sqlite3Parity.expectSame([], """
            .log stdout
            SELECT 'before';
            SELECT * FROM nope;
            CREATE TABLE u(x UNIQUE);
            INSERT INTO u VALUES (1), (1);
            SELECT count(*) FROM t AS x, t AS y WHERE x.a = y.b;
            .log off
            SELECT * FROM nope;
            .log
            .log /nonexistent/folder/log.txt
            .log stderr
            SELECT * FROM nope2;
            .log log.txt
            SELECT * FROM nope3;
            .log off
            .read log.txt
            """)
    }

    /// `.stats` prints sqlite3's lines in sqlite3's order. The counters of the statement
    /// (steps, scans, sorts, runs) and of the page cache equal sqlite3's; the memory and I/O
    /// figures are the process's own, so only their labels are compared.
    @Test func statistics() throws {
        let input = """
            .stats on
            SELECT count(*) FROM t WHERE a > 0;
            SELECT a FROM t ORDER BY b;
            .stats stmt
            SELECT a AS first, b + 1 FROM t LIMIT 1;
            .stats vmstep
            SELECT * FROM t;
            .show
            .stats off
            SELECT 1;
            .stats
            .stats maybe
            .stats on off
            """
        let (folder, first, second) = try Sqlite3Parity.databases()
        _ = folder
        let expected = try runSQLite3(["db.sqlite"], input: input, directory: first)
        let actual = try runSQLCtx(["db.sqlite"], input: input, directory: second)
        let deterministic = [
            "Page cache hits:", "Page cache misses:", "Page cache writes:", "Page cache spills:", "Fullscan Steps:",
            "Sort Operations:", "Autoindex Inserts:", "Virtual Machine Steps:", "Reprepare operations:", "Number of times run:",
            "Number of output columns:", "Column ", "VM-steps:", "Lookaside",
        ]
        /// Each line, cut to its label where the figure is the process's own.
        func comparable(_ output: String) -> [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                guard line.count > 37, line.dropFirst(36).first == " ", !deterministic.contains(where: line.hasPrefix) else { return String(line) }
                return String(line.prefix(36))
            }
        }
        #expect(comparable(actual.output) == comparable(expected.output), "sqlite3:\n\(expected.output)\nsqlctx:\n\(actual.output)")
        #expect(actual.errors == expected.errors && actual.status == expected.status, "\(actual.errors)")
        #expect(actual.output.contains("Virtual Machine Steps:               "), "\(actual.output)")
    }
}
