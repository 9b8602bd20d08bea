#if Tool
import ShellSyntax

extension DotCommandLine {
    /// The names of the dot-commands (without their dot), which Tab completes.
    static let names = [
        "backup", "bail", "changes", "databases", "dump", "echo", "eqp", "exit", "fullschema", "headers", "help",
        "import", "indexes", "limit", "log", "mode", "nullvalue", "once", "open", "output", "parameter", "print", "prompt",
        "quit", "read", "restore", "save", "schema", "separator", "shell", "show", "stats", "system", "tables", "timer", "width",
    ]

    /// What `.help` prints: each dot-command with what it does.
    static let help = """
        .backup [DB] FILE         copy DB (main at first) into FILE with the online backup; encrypted
                                  under the same key when the database is
        .bail on|off              stop at the first error (off at first; -bail)
        .changes on|off           after each input, the rows changed by its last statement and in all
        .databases                the attached databases: name, file, r/o or r/w, open transaction
        .dbinfo, .recover         not in sqlctx: they read pages through the sqlite_dbpage table, which neither
                                  the system SQLite nor SQLCipher has (the system's sqlite3 fails them too)
        .dump [TABLE]             SQL text that rebuilds the database (or the tables named like TABLE)
        .echo on|off              print each statement and dot-command before it runs (keys hidden)
        .eqp on|off|trigger|full  before each statement, its query plan as a tree; full: and its program
                                  (trace needs a debugging build of SQLite, as in sqlite3)
        .excel                    not in sqlctx: use .mode csv and .once FILE.csv, then open the file
        .exit, .quit              leave the shell
        .fullschema [--indent]    the schema, and the statistics ANALYZE gathered
        .headers on|off           column names above the rows (off at first; box, table and markdown show them always)
        .help                     this list
        .import [--skip N] FILE TABLE
                                  add the rows of a CSV file to TABLE, created from the header row when missing
                                  (into an existing table every row is data; --skip 1 skips a header)
        .indexes [TABLE]          the indexes (of the tables named like TABLE)
        .limit [NAME [VALUE]]     SQLite's run-time limits, or the one named, first set to VALUE
        .log FILE|stdout|stderr|off
                                  SQLite's error log, one "(CODE) MESSAGE" line per report (the system
                                  SQLite's: SQLCipher and a cluster do not report to it)
        .mode [MODE] [TABLE] [--wrap N] [--wordwrap on|off] [--quote|--noquote]
                                  how rows are printed, as in sqlite3: list (at first), column, table, box,
                                  markdown, csv, json, line, html, insert (INSERTs into TABLE), quote, tabs,
                                  ascii, tcl, qbox; the options for the columnar ones; alone, the current mode
        .nullvalue TEXT           what NULL prints as (nothing at first)
        .once FILE                write the results of the next input only to FILE
        .open [--new] [--readonly] [FILE]
                                  close the database and open FILE (none: a new one in memory); --new empties it
        .output [FILE]            write results to FILE from now on; alone, back to standard output
        .parameter clear|init|list|set NAME VALUE|unset NAME
                                  values for :NAME, @NAME, $NAME and ?N, bound to every statement
        .print TEXT...            print the words given
        .prompt MAIN [CONTINUE]   the prompts at the terminal
        .read FILE                run the statements and dot-commands of FILE
        .restore [DB] FILE        replace DB (main at first) by the database in FILE (which must exist)
        .save FILE                as .backup FILE
        .schema [--indent] [--nosys] [TABLE]
                                  the CREATE statements (of the tables named like TABLE, with their indexes and
                                  triggers; --indent: a column a line; --nosys leaves out SQLite's own tables)
        .separator COL [ROW]      what separates values, and rows, in list, csv and similar modes
        .shell CMD ARGS...        run CMD with /bin/sh (also .system)
        .show                     the current settings
        .stats [on|off|stmt|vmstep]
                                  after each statement, SQLite's counters (stmt: its columns first; vmstep:
                                  its steps only); alone, the counters now
        .tables [PATTERN]         the tables and views (named like PATTERN)
        .timer on|off             after each input, the time it took
        .width N...               the width of each column in columnar modes (0: as wide as its values;
                                  negative: aligned right)
        PATTERN and TABLE are LIKE patterns: % matches any text, _ one character; case is ignored.
        Arguments may be in quotes; outside single quotes, backslash escapes (\\t, \\n, …) are read.
        PRAGMA key = '…' (or hexkey, and rekey to change it), first, opens an encrypted database.
        EXPLAIN's program is laid out as sqlite3 lays it out, loops indented, in every mode.
        Not in sqlctx: the --zip, --append and --deserialize options of .open.

        """
}
#endif
