import Foundation
import PortableSQLTestSupport
import Testing

/// sqlite3's dot-commands about the database, its statements and parameters, through both
/// programs: the same bytes out, the same status, the same errors (see `Sqlite3Parity`).
@Suite struct Sqlite3ParityDotCommandTests {
    private func expectSame(_ arguments: [String], _ input: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Sqlite3Parity.expectSame(arguments, input, sourceLocation: sourceLocation)
    }

    /// `.changes` after each input line whose statements all ran (not after SQL arguments),
    /// `.databases` with the transaction open on each database, `.eqp` trees.
    @Test func changesDatabasesAndQueryPlans() throws {
        try expectSame([], """
            .changes on
            INSERT INTO t(a) VALUES (10), (11);
            SELECT count(*) FROM t;
            UPDATE t SET a = a; INSERT INTO t(a) VALUES (12);
            INSERT INTO t(a) VALUES (13); SELECT nope;
            CREATE TABLE u(x);
            .changes off
            DELETE FROM t;
            .databases
            ATTACH 'aux.db' AS aux;
            BEGIN;
            SELECT count(*) FROM aux.sqlite_master;
            .databases
            CREATE TABLE aux.w(y);
            .databases
            COMMIT;
            .eqp on
            SELECT * FROM t WHERE a = 1;
            SELECT * FROM t AS x, t AS y WHERE x.a = y.b ORDER BY 1;
            SELECT * FROM t WHERE a IN (SELECT x FROM u) UNION SELECT 1, 2, 3;
            CREATE TABLE v(z);
            EXPLAIN QUERY PLAN SELECT * FROM t;
            .eqp off
            SELECT 1;
            .changes maybe
            .eqp
            """)
        try expectSame(["-cmd", ".changes on", "INSERT INTO t(a) VALUES (1)", "SELECT changes()"], "")
    }

    /// `.parameter` sets, lists, unsets and clears values, bound by name (and `?N`) to every
    /// statement; a value that is no SQL is kept as text.
    @Test func parameters() throws {
        try expectSame([], """
            .parameter init
            .parameter set :x 42
            .parameter set $y hello
            .parameter set @z x'00ff'
            .parameter set ?4 1+1
            .parameter set :longer_name 'it''s'
            .parameter list
            SELECT :x, $y, hex(@z), ?4, :longer_name, :unset;
            .parameter unset :x
            .parameter list
            SELECT :x;
            .parameter clear
            .parameter list
            SELECT $y;
            .parameter
            .parameter frob
            """)
    }

    /// `.once` sends the next input's output to a file, `.backup` and `.save` write a copy
    /// (over an existing one too), `.open` and `.restore` read copies back, `.open --new`
    /// empties a file, and an open that fails goes on in memory.
    @Test func onceBackupOpenAndRestore() throws {
        try expectSame([], """
            .once once.txt
            SELECT a FROM t WHERE a = 1;
            SELECT 'to stdout';
            .read once.txt
            .backup copy.db
            DELETE FROM t WHERE a = 1;
            .backup copy.db
            .save saved.db
            .backup main
            .backup a b c
            .backup nodir/x.db
            .open copy.db
            SELECT count(*) FROM t;
            .restore saved.db
            SELECT count(*) FROM t;
            .open db.sqlite
            .restore main copy.db
            SELECT count(*) FROM t;
            .open --new saved.db
            .tables
            .open nodir/x.db
            .databases
            SELECT 'in memory';
            .open a b
            .open --bogus x
            .restore
            .show
            """)
    }

    /// `.tables` and `.indexes` lay names out in columns, those of attached and temporary
    /// databases prefixed; `.fullschema` adds the statistics; dot-command arguments are split
    /// and unquoted as sqlite3 splits them.
    @Test func listingsLimitsPromptsAndArguments() throws {
        try expectSame([], """
            CREATE TABLE a_rather_long_table_name(x UNIQUE);
            CREATE INDEX ti ON t(a);
            CREATE INDEX another_index_with_a_long_name ON t(b);
            ATTACH 'aux.db' AS aux;
            CREATE TABLE aux.z(q);
            CREATE INDEX aux.zi ON z(q);
            CREATE TEMP TABLE tmp(x);
            .tables
            .tables a%
            .indexes
            .indexes t
            .schema
            .schema --nosys
            .schema t
            .schema aux.%
            .schema t*
            .schema j%
            CREATE TABLE "quoted name"(x /* a comment */, "odd col", [select]);
            CREATE VIEW "a view" AS SELECT * FROM "quoted name";
            CREATE TEMP VIEW tv AS SELECT 1 AS one, 2;
            CREATE TABLE trailing(x -- to the end
            );
            .schema
            .schema a b
            .fullschema
            ANALYZE;
            .fullschema
            .fullschema extra
            .limit
            .limit le 5000
            .limit length
            .limit l
            .limit bogus
            .limit a b c
            .prompt "one> " "two> "
            .show
            .print 'a b' "c\\td" e'f' "g\\"h" 'i\\tj' \\x41 "unclosed
            .shell echo from the shell; exit 3
            .system
            """)
    }
}
