import Foundation
import PortableSQLTestSupport
import Testing

/// `sqlctx shell` as a drop-in for `sqlite3`: the same flags, modes and scripts through both
/// programs print the same bytes (see `Sqlite3Parity`).
@Suite struct Sqlite3ParityTests {
    private func expectSame(_ arguments: [String], _ input: String = "", database: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Sqlite3Parity.expectSame(arguments, input, database: database, sourceLocation: sourceLocation)
    }

    static let modes = ["list", "column", "table", "box", "markdown", "csv", "json", "line", "html", "quote", "tabs", "ascii"]
    static let selects = "SELECT * FROM t;\nSELECT a AS 'x y', b AS é, c FROM t WHERE 0;\n"

    @Test(arguments: modes)
    func everyModeByFlagAndByDotCommand(mode: String) throws {
        try expectSame(["-" + mode], Self.selects)
        try expectSame(["-" + mode, "-header"], Self.selects)
        try expectSame(["--" + mode, "--noheader"], Self.selects)
        try expectSame([], ".mode \(mode)\n" + Self.selects)
        try expectSame([], ".mode \(mode)\n.headers on\n" + Self.selects)
        try expectSame([], ".mode \(mode)\n.headers off\n.nullvalue NIL\n" + Self.selects)
    }

    @Test func columnarWidthsWrappingAndQuoting() throws {
        try expectSame([], """
            .width 3 -6 0
            .mode column
            SELECT * FROM t;
            .mode box
            SELECT * FROM t;
            .mode table --wrap 10 --wordwrap on
            SELECT 'hello wonderful world of sql' AS v, 'abcdefghijklmnopqrstuvwxyz' AS w, 'a  b    c d' AS x;
            .width 0 0 0
            SELECT 'hello wonderful world of sql' AS v, 'abcdefghijklmnopqrstuvwxyz' AS w, 'a  b    c d  e' AS x;
            .mode table --wrap 4 --wordwrap on
            SELECT 'abc   def' AS a, 'ab-cdefgh' AS b, 'abcd efg' AS c, 'a b c d e f' AS d, 'abcdefgh ij' AS e, 'ab	cdef' AS f;
            .mode box --quote
            SELECT * FROM t;
            .mode markdown --wrap 5
            SELECT * FROM t;
            .width
            .mode column
            SELECT printf('%.70c', 'x') || ' end' AS v, '日本語' AS w, 'x'||char(1)||'y' AS z, 'a'||char(13)||'b' AS r;
            .mode box
            SELECT 'a'||char(10) AS p, char(10)||'b' AS q, 'c'||char(10)||char(10)||'d' AS r, 'e'||char(13)||char(10)||'f' AS s, '' AS t, 'g'||char(9)||'h' AS u;
            .width 4
            SELECT 'abcd'||char(10)||'e' AS p, 'ab'||char(9)||'cdefgh' AS q;
            """)
        // A flag leaves columns unwrapped, where .mode wraps them at 60 characters.
        let wide = "SELECT printf('%.70c', 'x') || ' end' AS v;\n"
        try expectSame(["-box"], wide)
        try expectSame([], ".mode box\n" + wide)
    }

    @Test func separatorsNullsInsertAndTheOtherSettings() throws {
        try expectSame([], """
            .nullvalue NIL
            .separator ; ~
            SELECT * FROM t;
            .mode csv
            SELECT * FROM t;
            .separator "\\t" "\\r\\n"
            SELECT * FROM t;
            .mode insert t2
            SELECT * FROM t;
            .headers on
            .mode insert 'my table'
            SELECT * FROM t;
            .mode quote
            SELECT * FROM t, (SELECT 1e999 AS inf, -1e999 AS ninf, 3.0 AS r);
            .mode json
            SELECT 1e999 AS inf, 'a"b\\c' || char(1) AS s;
            .mode line
            SELECT * FROM t;
            .mode html
            SELECT * FROM t;
            .print a "b c" \\t d
            .echo on
            SELECT 1;
            .echo off
            .mode
            .mode tabs
            .mode
            .show
            .mode tcl
            SELECT * FROM t;
            .mode qbox
            SELECT * FROM t;
            .show
            """)
    }

    @Test func flagsAreAppliedInTheirOrder() throws {
        let pair = "SELECT 1, 2, NULL;\n"
        try expectSame(["-separator", ";", "-newline", "~~", "-nullvalue", "-", "-header"], pair)
        try expectSame(["-csv", "-separator", ";"], pair)
        try expectSame(["-separator", ";", "-csv"], pair)
        try expectSame(["-csv", "-list"], pair)
        try expectSame(["-box", "-json", "-line"], pair)
        try expectSame(["-quote"], pair)
        try expectSame(["-ascii"], pair)
        try expectSame(["--json"], pair)
        try expectSame(["-version"])
        try expectSame(["-cmd", ".mode csv", "-cmd", "SELECT 1, 'a b'"], "SELECT 9;\n")
    }

    /// As sqlite3: the statements after an error run, the exit status says one failed, and
    /// `-bail` stops at it; a last statement needs no `;`.
    @Test func scriptsGoOnAfterAnErrorUnlessBailed() throws {
        let script = """
            SELECT 1;
            SELECT * FROM nope;
            SELECT 2;
            SELEC 3;
            SELECT abs(-9223372036854775808);
            .frobnicate
            .mode fancy
            SELECT 4
            """
        try expectSame([], script)
        try expectSame(["-bail"], script)
        try expectSame([], ".bail on\n" + script)
        try expectSame([], "SELECT 5 -- a comment, no semicolon")
        try expectSame([], "SELECT 1; -- c\nSELECT 'unterminated")
        try expectSame([], "CREATE TABLE u(x);\nINSERT INTO u VALUES (1);\nSELECT x FROM u")
    }

    /// SQL given after the database runs instead of standard input, statement after
    /// statement until one fails; without a database, the shell opens an in-memory one.
    @Test func sqlArgumentsAndNoDatabase() throws {
        try expectSame(["-json", "SELECT 1 AS a; SELECT * FROM nope; SELECT 2"], "SELECT 'stdin is not read';\n")
        try expectSame(["SELECT abs(-9223372036854775808)"])
        try expectSame(["SELECT 1", ".mode csv", "SELECT 2, 'x y'"])
        try expectSame([], "SELECT 40 + 2;\nCREATE TABLE m(x);\n.tables\n", database: false)
    }
}
