import Foundation
import PortableSQLTestSupport
import Testing

/// Where sqlctx's dot-commands knowingly differ from sqlite3's, or print what cannot be
/// compared byte for byte (times).
@Suite struct ShellDatabaseCommandTests {
    /// sqlite3 restores an empty database from a file that does not exist, emptying the
    /// database; sqlctx refuses, and nothing changes.
    @Test func restoreFromAMissingFileChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("keep.db")
        try sqlite3(path, "CREATE TABLE k(x); INSERT INTO k VALUES (1);")
        let missing = directory.path("missing.db")
        let run = try runSQLCtx([path], input: ".restore \(missing)\nSELECT count(*) FROM k;\n")
        #expect(run.output == "1\n" && run.status == 1, "\(run.output)")
        #expect(run.errors == "Error: cannot open \"\(missing)\": there is no database file to restore from, and nothing was changed\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// `.open --new` of the database open now empties it, WAL and all, as sqlite3's does: the
    /// database is closed first, so it cannot write its WAL back into the emptied file.
    @Test func openNewEmptiesTheOpenDatabaseInWALMode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("w.db")
        let run = try runSQLCtx([path], input: """
            PRAGMA journal_mode = WAL;
            CREATE TABLE t(v);
            INSERT INTO t VALUES (randomblob(100)), (randomblob(100));
            .open --new \(path)
            SELECT count(*) FROM t;
            .tables
            """)
        #expect(run.output == "wal\n" && run.errors == "Parse error near line 5: no such table: t\n", "\(run.output)\(run.errors)")
    }

    /// `.timer on` prints sqlite3's line after each input, errors included, on standard output.
    @Test func timerReportsEachInput() throws {
        let run = try runSQLCtx([], input: ".timer on\nSELECT 1; SELECT 2;\nSELECT nope;\n.timer off\nSELECT 3;\n")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5 && lines[0] == "1" && lines[1] == "2" && lines[4] == "3", "\(run.output)")
        let pattern = #/^Run Time: real \d+\.\d{3} user \d+\.\d{6} sys \d+\.\d{6}$/#
        #expect(lines[2].wholeMatch(of: pattern) != nil && lines[3].wholeMatch(of: pattern) != nil, "\(run.output)")
        #expect(run.status == 1)
    }

    /// A database is opened when first needed, as sqlite3 opens it: a file that is never
    /// used is not created, and a read-only open of a missing file fails at its first use.
    @Test func theDatabaseOpensWhenFirstNeeded() throws {
        let directory = try TemporaryDirectory()
        let unused = directory.path("unused.db")
        #expect(try runSQLCtx([unused], input: ".mode csv\n.print hi\n").output == "hi\n")
        #expect(!FileManager.default.fileExists(atPath: unused))
        let run = try runSQLCtx([unused, "-readonly"], input: "SELECT 1;\n")
        #expect(run.status == 1 && run.errors == "Parse error near line 1: no database at \(unused) to open read-only\n", "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: unused))
    }

    /// `.dbinfo`, `.recover` and `.excel`, which sqlctx does not have, and `.open`'s options it
    /// does not take, say why (an error: the status is 1), and `.help` says so too.
    @Test func commandsNotInSqlctxSaySo() throws {
        let run = try runSQLCtx([], input: ".dbinfo\n.recover\n.excel\n.open --zip x.zip\n.help\n")
        #expect(run.errors == """
            Error: .dbinfo reads the database's pages through the sqlite_dbpage table, which neither the system SQLite nor SQLCipher is built with (the system's sqlite3 fails it too: no such table: sqlite_dbpage)
            Error: .recover reads the database's pages through the sqlite_dbpage table, which neither the system SQLite nor SQLCipher is built with (the system's sqlite3 fails it too: no such table: sqlite_dbpage)
            Error: .excel is not in sqlctx: write the result to a file with .once FILE.csv after .mode csv, and open that
            sqlctx does not open databases with --zip; open the file itself

            """, "\(run.errors)")
        #expect(run.status == 1)
        #expect(run.output.contains(".dbinfo, .recover         not in sqlctx: they read pages through the sqlite_dbpage table"))
        #expect(run.output.contains(".excel                    not in sqlctx"))
        // sqlite3 3.40 fails .dbinfo too, for the same reason.
        let sqlite3Run = try runSQLite3([":memory:"], input: ".dbinfo\n")
        #expect(sqlite3Run.errors.contains("no such table: sqlite_dbpage"), "\(sqlite3Run.errors)")
    }
}
