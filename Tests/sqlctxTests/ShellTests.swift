import Foundation
import PortableSQLTestSupport
import Testing

/// `sqlctx shell DB` and `sqlctx DB`: typed at a terminal, and as a script on standard input,
/// checked against the real `sqlite3` and `sqlcipher` programs where they share a feature.
@Suite struct ShellTests {
    /// Runs the shell with `input` on standard input and checks that it ended by itself with
    /// status 0 and printed no error; returns what it printed.
    func succeeding(_ arguments: [String], _ input: String, environment: [String: String] = [:],
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let run = try runSQLCtx(arguments, input: input, environment: environment)
        #expect(!run.timedOut && run.status == 0 && run.errors.isEmpty, "status \(run.status): \(run.errors)", sourceLocation: sourceLocation)
        return run.output
    }

    /// Runs the shell with `input` on standard input and checks that it ended by itself with
    /// status 1 and exactly one line on standard error, `sqlctx: ` then `message` (a failure
    /// of the tool itself, before any statement ran).
    @discardableResult
    func failing(_ arguments: [String], _ input: String, environment: [String: String] = [:], message: String,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> ShellRun {
        let run = try runSQLCtx(arguments, input: input, environment: environment)
        #expect(!run.timedOut && run.status == 1, "status \(run.status)", sourceLocation: sourceLocation)
        #expect(run.errors == "sqlctx: \(message)\n", sourceLocation: sourceLocation)
        return run
    }

    /// Runs the shell with `input` on standard input and checks that it ended by itself with
    /// status 1 and printed exactly `errors` on standard error, a line each, as sqlite3 prints
    /// a script's errors; returns what it printed.
    @discardableResult
    func failingScript(_ arguments: [String], _ input: String, environment: [String: String] = [:], errors: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> ShellRun {
        let run = try runSQLCtx(arguments, input: input, environment: environment)
        #expect(!run.timedOut && run.status == 1, "status \(run.status)", sourceLocation: sourceLocation)
        #expect(run.errors == errors.map { $0 + "\n" }.joined(), sourceLocation: sourceLocation)
        return run
    }

    /// Makes an empty database at `path` with sqlite3.
    func makeEmptyDatabase(_ path: String) throws {
        try sqlite3(path, "CREATE TABLE seed (x); DROP TABLE seed;")
    }

    /// Writes `text` to the file at `path`.
    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Writes `key` to a private key file at `path`.
    func writeKeyFile(_ key: String, to path: String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(key.utf8), attributes: [.posixPermissions: 0o600]))
    }

    /// A database made by sqlite3 with every kind of value and schema object `.dump` must keep.
    func makeRichDatabase(_ path: String) throws {
        try sqlite3(path, """
            CREATE TABLE kinds (id INTEGER PRIMARY KEY AUTOINCREMENT, i INTEGER, r REAL, t TEXT, b BLOB, anything);
            INSERT INTO kinds (i, r, t, b, anything) VALUES
              (0, 0.1, 'plain', x'', NULL),
              (-9223372036854775808, 1.0 / 3, 'it''s "quoted"', x'00FF10', 42),
              (9223372036854775807, 1e308, 'two' || char(10) || 'lines' || char(13) || char(10) || 'and crlf', zeroblob(3), 4.5),
              (NULL, -2.5e-300, 'tab' || char(9) || 'bell' || char(7), NULL, 'text'),
              (7, 123456789.123456789, 'Čeněk 🎉', x'CAFE', x'BEEF'),
              (8, 0.0, 'gone', NULL, NULL);
            DELETE FROM kinds WHERE id = 6;
            CREATE TABLE "odd ""name"" table" (k TEXT PRIMARY KEY, v) WITHOUT ROWID;
            INSERT INTO "odd ""name"" table" VALUES ('a', 1), ('b', NULL);
            CREATE TABLE calc (a INTEGER, doubled INTEGER GENERATED ALWAYS AS (a * 2) STORED);
            INSERT INTO calc (a) VALUES (1), (2);
            CREATE INDEX kinds_t ON kinds (t);
            CREATE UNIQUE INDEX calc_a ON calc (a);
            CREATE VIEW texts AS SELECT t FROM kinds WHERE t IS NOT NULL;
            CREATE TRIGGER kinds_log AFTER INSERT ON kinds BEGIN
              INSERT INTO calc (a) VALUES (new.i);
            END;
            PRAGMA user_version = 12;
            """)
    }

    // MARK: At the terminal

    @Test func aTerminalSessionEditsLinesAndKeepsAPrivateHistoryWithoutKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("typed.db")
        try sqlite3(path, "CREATE TABLE t (x);")
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // A history file that others can read is made private.
        let history = home + "/.sqlctx_history"
        #expect(FileManager.default.createFile(atPath: history, contents: nil, attributes: [.posixPermissions: 0o644]))
        let lines = [
            "SELECT 6",
            "* 7 AS product;",
            // Ctrl-A moves to the start of the line, where "SE" goes: only line editing makes this SELECT.
            "LECT 40 + 3 AS edited;\u{01}SE",
            "PRAGMA key = 'history secret';",
            // The up arrow brings back the last entry kept: the SELECT, as the key line is never kept.
            "\u{1B}[A",
            ".bogus",
            ".quit",
        ]
        let transcript = try typeAtPrompts(
            lines, command: "HOME='\(home)' TERM=xterm '\(try builtProduct("sqlctx"))' '\(path)'", prompts: ["sqlctx> ", "   ...> "])
        #expect(transcript.contains("sqlctx> SELECT 6") && transcript.contains("   ...> * 7 AS product;"), "\(transcript)")
        // The terminal ends lines with \r\n; a result is a line of its own.
        let shown = transcript.split(separator: "\r\n")
        #expect(shown.filter { $0 == "42" }.count == 1, "\(transcript)")
        #expect(shown.filter { $0 == "43" }.count == 2, "\(transcript)")
        #expect(transcript.contains("Runtime error: SQLITE_NOTADB: \(path) is not encrypted: open it without a key"), "\(transcript)")
        #expect(transcript.contains("Error: unknown command or invalid arguments:  \"bogus\". Enter \".help\" for help"), "\(transcript)")
        // One prompt per line typed, and none after .quit.
        let prompts = transcript.components(separatedBy: "sqlctx> ").count + transcript.components(separatedBy: "   ...> ").count - 2
        #expect(prompts == lines.count, "\(transcript)")

        let attributes = try FileManager.default.attributesOfItem(atPath: history)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let kept = try String(contentsOfFile: history, encoding: .utf8)
        #expect(kept.contains("product") && kept.contains("edited") && kept.contains(".bogus"), "\(kept)")
        #expect(!kept.contains("secret") && !kept.lowercased().contains("key"), "\(kept)")
    }

    /// A line typed the moment the prompt shows is echoed once, by sqlctx as by sqlite3. strace
    /// holds each program for 0.2 s after every write, so the line comes in just after the
    /// prompt is written: where the terminal still echoed then, the line showed twice.
    @Test(arguments: ["sqlite3", "sqlctx"])
    func aLineTypedAsThePromptShowsIsEchoedOnce(program: String) throws {
        let directory = try TemporaryDirectory()
        let executable = program == "sqlite3" ? "/usr/bin/sqlite3" : try builtProduct("sqlctx")
        let held = "strace -f -o /dev/null -e trace=write -e inject=write:delay_exit=200000"
        let transcript = try typeAtPrompts(
            ["SELECT 'typed' || 'fast';", ".quit"],
            command: "HOME='\(directory.url.path)' TERM=dumb \(held) '\(executable)' :memory:",
            prompts: ["sqlite> ", "sqlctx> "], timeout: 30)
        #expect(transcript.components(separatedBy: "SELECT 'typed'").count == 2, "\(transcript)")
        #expect(transcript.components(separatedBy: "typedfast").count == 2, "\(transcript)")
    }

    // MARK: Scripts on standard input

    @Test func aScriptRunsStatementsOverManyLinesAndDotCommands() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("script.db")
        try makeEmptyDatabase(path)
        let output = try succeeding([path], """
            -- a comment line, then a blank one

            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
            INSERT INTO item (name) VALUES ('one'); INSERT INTO item (name) VALUES ('two;three');
            CREATE TABLE log (note TEXT);
            CREATE TRIGGER item_added AFTER INSERT ON item BEGIN
              INSERT INTO log VALUES ('added ' || new.name);
              INSERT INTO log VALUES ('end; of trigger');
            END;
            INSERT INTO item (name)
              VALUES ('four
            lines');  /* a block comment; with a semicolon */
              .mode csv
            .headers on
            SELECT id, name FROM item ORDER BY id;
            .headers off
            SELECT count(*) FROM log;
            """)
        #expect(output == "id,name\r\n1,one\r\n2,two;three\r\n3,\"four\nlines\"\r\n2\r\n", "\(output)")
        #expect(try sqlite3(path, "SELECT note FROM log ORDER BY rowid;") == "added four\nlines\nend; of trigger\n")
    }

    /// As sqlite3 runs a script: each error is printed with the line its statement starts on,
    /// the script goes on, and the exit status is 1; with -bail the first error stops it.
    @Test func aScriptGoesOnAfterAnErrorAndBailStopsIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bail.db")
        try makeEmptyDatabase(path)
        let script = """
            CREATE TABLE t (x);
            INSERT INTO t VALUES (1);
            INSERT INTO t VALUES (2); INSERT INTO
              nope VALUES (3);
            INSERT INTO t VALUES (4);
            """
        try failingScript([path], script, errors: ["Parse error near line 3: no such table: nope"])
        #expect(try sqlite3(path, "SELECT group_concat(x) FROM t;") == "1,2,4\n")
        try failingScript([path, "-bail"], script.replacingOccurrences(of: "CREATE TABLE t (x);\n", with: ""), errors: ["Parse error near line 2: no such table: nope"])
        #expect(try sqlite3(path, "SELECT group_concat(x) FROM t;") == "1,2,4,1,2\n")

        // A failing dot-command is an error like any other.
        try failingScript([path], "SELECT 1;\n.mode fancy\nCREATE TABLE after (x);\n",
                          errors: ["Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl"])
        #expect(try sqlite3(path, "SELECT count(*) FROM sqlite_master WHERE name = 'after';") == "1\n")

        // A statement the input leaves open runs as it is: SQLite reports it unfinished.
        try failingScript([path], "INSERT INTO t VALUES (5);\nINSERT INTO t VALUES ('open\n", errors: ["Parse error near line 2: unrecognized token: \"'open\""])
        #expect(try sqlite3(path, "SELECT count(*) FROM t WHERE x = 5;") == "1\n")
    }

    // MARK: Dot-commands

    @Test func modesAndHeaders() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("modes.db")
        try sqlite3(path, "CREATE TABLE t (n INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a' || char(10) || 'b'), (NULL, 'c' || char(27));")
        let select = "SELECT n, s FROM t ORDER BY rowid;\n"
        // sqlite3's list mode at first, without column names; the others as sqlite3 prints them
        // (Sqlite3ParityTests compares every mode with sqlite3 itself).
        #expect(try succeeding([path], ".mode\n" + select) == "current output mode: list\n1|a\nb\n|c\u{1B}\n")
        #expect(try succeeding([path], ".headers on\n" + select) == "n|s\n1|a\nb\n|c\u{1B}\n")
        #expect(try succeeding([path], ".mode csv\n" + select) == "1,\"a\nb\"\r\n,\"c\u{1B}\"\r\n")
        #expect(try succeeding([path], ".mode json\n" + select) == "[{\"n\":1,\"s\":\"a\\nb\"},\n{\"n\":null,\"s\":\"c\\u001b\"}]\n")
        #expect(try succeeding([path], ".mode line\n" + select) == "    n = 1\n    s = a\nb\n\n    n = \n    s = c\u{1B}\n")
        // As sqlite3: a value that is no boolean is off, with a warning that is no failure.
        let maybe = try runSQLCtx([path], input: ".headers maybe\n" + select)
        #expect(maybe.status == 0 && maybe.output == "1|a\nb\n|c\u{1B}\n" && maybe.errors == "ERROR: Not a boolean value: \"maybe\". Assuming \"no\".\n", "\(maybe.errors)")
        let help = try succeeding([path], ".help\n")
        for command in [
            ".bail", ".dump", ".echo", ".exit", ".headers", ".help", ".import", ".indexes", ".mode", ".nullvalue", ".output", ".print", ".quit",
            ".read", ".schema", ".separator", ".show", ".tables", ".width",
        ] {
            #expect(help.contains(command), "\(command)")
        }
        // .quit and .exit end the script: nothing after them runs.
        for leave in [".quit", ".exit"] {
            #expect(try succeeding([path], "SELECT 1 AS one;\n\(leave)\nSELECT 2 AS two;\n") == "1\n", "\(leave)")
        }
    }

    @Test func tablesSchemaAndIndexes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("schema.db")
        try sqlite3(path, """
            CREATE TABLE a (x, y UNIQUE);
            CREATE TABLE ab (z INTEGER PRIMARY KEY AUTOINCREMENT);
            CREATE TABLE b (w);
            CREATE VIEW v AS SELECT x FROM a;
            CREATE INDEX a_x ON a (x);
            CREATE TRIGGER a_added AFTER INSERT ON a BEGIN SELECT 1; END;
            """)
        #expect(try succeeding([path], ".tables\n") == sqlite3(path, ".tables"))
        #expect(try succeeding([path], ".tables a%\n") == "a   ab\n")
        #expect(try succeeding([path], ".schema a\n") == """
            CREATE TABLE a (x, y UNIQUE);
            CREATE INDEX a_x ON a (x);
            CREATE TRIGGER a_added AFTER INSERT ON a BEGIN SELECT 1; END;

            """)
        // As sqlite3: SQLite's own tables too (sqlite_sequence), a view's columns in a comment.
        let schema = try succeeding([path], ".schema\n")
        #expect(schema == (try sqlite3(path, ".schema")), "\(schema)")
        #expect(schema.contains("CREATE TABLE sqlite_sequence(name,seq);\n") && schema.contains("/* v(x) */;\n"), "\(schema)")
        #expect(try succeeding([path], ".schema --nosys\n") == (try sqlite3(path, ".schema --nosys")))
        #expect(try succeeding([path], ".indexes\n") == "a_x                   sqlite_autoindex_a_1\n")
        #expect(try succeeding([path], ".indexes b\n") == "")
        try failingScript([path], ".tables a b\n", errors: ["Usage: .tables [PATTERN]"])
        try failingScript([path], ".frobnicate\nCREATE TABLE c (x);\n", errors: ["Error: unknown command or invalid arguments:  \"frobnicate\". Enter \".help\" for help"])
    }

    @Test func outputGoesToAFileAndBack() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("out.db")
        try makeEmptyDatabase(path)
        let file = directory.path("result.csv")
        let printed = try succeeding([path], ".mode csv\n.headers on\n.output \(file)\nSELECT 1 AS a;\n.output\nSELECT 2 AS b;\n")
        #expect(printed == "b\r\n2\r\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "a\r\n1\r\n")
        try failingScript([path], ".output \(directory.path("missing/x.txt"))\n", errors: ["Error: cannot write to \(directory.path("missing/x.txt")): No such file or directory"])

        // Rows of an encrypted database go to a file only its owner can read, whatever the umask.
        let keyFile = directory.path("key.txt")
        try writeKeyFile("output key", to: keyFile)
        let encrypted = directory.path("out-enc.db")
        #expect(try runSQLCtx(["encrypt", path, encrypted, "--key-file", keyFile]).status == 0)
        let secretFile = directory.path("secret.txt")
        _ = try succeeding([encrypted, "--key-file", keyFile], ".output \(secretFile)\nSELECT 'rows' AS r;\n")
        #expect((try FileManager.default.attributesOfItem(atPath: secretFile)[.posixPermissions] as? Int) == 0o600)
        #expect(try String(contentsOfFile: secretFile, encoding: .utf8).contains("rows"))
    }

    @Test func readRunsAFileAsTheScriptRuns() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("read.db")
        try makeEmptyDatabase(path)
        let script = directory.path("setup.sql")
        try write("CREATE TABLE t (x);\nINSERT INTO t VALUES (1),\n  (2);\n.mode csv\n.headers on\n", to: script)
        #expect(try succeeding([path], ".read \(script)\nSELECT sum(x) AS total FROM t;\n") == "total\r\n3\r\n")
        let broken = directory.path("broken.sql")
        try write("INSERT INTO t VALUES (10);\nINSERT INTO missing VALUES (1);\nINSERT INTO t VALUES (20);\n", to: broken)
        try failingScript([path], "SELECT 1;\n.read \(broken)\nINSERT INTO t VALUES (30);\n", errors: ["Parse error near line 2: no such table: missing"])
        #expect(try sqlite3(path, "SELECT group_concat(x) FROM t;") == "1,2,10,20,30\n")
        try failingScript([path, "-bail"], ".read \(broken)\nINSERT INTO t VALUES (40);\n", errors: ["Parse error near line 2: no such table: missing"])
        #expect(try sqlite3(path, "SELECT count(*) FROM t WHERE x IN (20, 40);") == "1\n")
        try failingScript([path], ".read \(directory.path("absent.sql"))\n", errors: ["Error: cannot read \(directory.path("absent.sql")): No such file or directory"])
        // A file that reads itself stops at the nesting limit instead of going on for ever.
        let looping = directory.path("loop.sql")
        try write(".read \(looping)\n", to: looping)
        let loop = try runSQLCtx([path], input: ".read \(looping)\n")
        #expect(!loop.timedOut && loop.status == 1 && loop.errors.contains("nested more than 16 deep"), "\(loop.errors)")
    }

    // MARK: .import and .dump against sqlite3

    @Test func importReadsWhatSqlite3Exports() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("source.db")
        try sqlite3(source, """
            CREATE TABLE people (name TEXT, note TEXT, n INTEGER, r REAL);
            INSERT INTO people VALUES
              ('Ann', 'says "hi", twice', 1, 1.5),
              ('Bob', 'two' || char(10) || 'lines', NULL, NULL),
              ('Čeněk', '', 3, -2.25),
              ('', 'comma,and "quote"', 0, 0.1);
            """)
        let csv = directory.path("people.csv")
        try write(try run("/usr/bin/sqlite3", ["-csv", "-header", source, "SELECT * FROM people"]), to: csv)
        // The same file into a new table and into one with column types, by sqlctx and by sqlite3.
        let typed = "CREATE TABLE typed (name TEXT, note TEXT, n INTEGER, r REAL);"
        let mine = directory.path("mine.db"), theirs = directory.path("theirs.db")
        try sqlite3(mine, typed)
        try sqlite3(theirs, typed)
        #expect(try succeeding([mine], ".import \(csv) people\n.import --skip 1 '\(csv)' typed\n") == "")
        try sqlite3(theirs, ".import --csv \(csv) people\n.import --csv --skip 1 \(csv) typed\n")
        for query in ["SELECT * FROM people", "SELECT * FROM typed", "SELECT name, type FROM pragma_table_info('people')"] {
            let expected = try sqlite3(theirs, ".mode quote\n\(query);")
            #expect(try sqlite3(mine, ".mode quote\n\(query);") == expected, "\(query)")
            #expect(expected.split(separator: "\n").count >= 4, "\(expected)")
        }

        // A record with too few or too many fields, a blank line, quotes left open: the rows
        // and the warnings are sqlite3's.
        let ragged = directory.path("ragged.csv")
        try write("name,note,n,r\r\nx,y,1,2\r\nshort\r\n\r\nfive,f,i,v,e\n\"open \"quote,x\n", to: ragged)
        for table in ["typed", "fresh"] {
            let ours = try runSQLCtx([mine], input: ".import \(ragged) \(table)\n")
            let reference = try runProgram("/usr/bin/sqlite3", [theirs, ".import --csv \(ragged) \(table)"], input: "", environment: [:], directory: nil, timeout: 60)
            #expect(ours.status == 0 && ours.errors == reference.errors, "\(ours.errors)\n\(reference.errors)")
            #expect(ours.errors.contains("expected 4 columns but found 1 - filling the rest with NULL"), "\(ours.errors)")
            #expect(ours.errors.contains("unterminated \"-quoted field"), "\(ours.errors)")
            let query = ".mode quote\nSELECT * FROM \(table);"
            #expect(try sqlite3(mine, query) == (try sqlite3(theirs, query)))
        }
        // Every record is a row: into typed the header too (4 rows before), into fresh the others.
        #expect(try sqlite3(mine, "SELECT count(*) FROM typed; SELECT count(*) FROM fresh;") == "10\n5\n")

        // Into an encrypted database, read back by the sqlcipher program.
        let keyFile = directory.path("key.txt")
        try writeKeyFile("import key", to: keyFile)
        let encrypted = directory.path("enc.db")
        #expect(try runSQLCtx(["encrypt", mine, encrypted, "--key-file", keyFile]).status == 0)
        #expect(try succeeding([encrypted, "--key-file", keyFile], ".import \(csv) again\n") == "")
        #expect(try sqlcipher(encrypted, "PRAGMA key = 'import key';\nSELECT count(*), max(note) FROM again;") == "4|two\nlines\n")
    }

    @Test func importKeepsTheBytesOfTextThatIsNotUTF8AsSqlite3Does() throws {
        let directory = try TemporaryDirectory()
        let csv = directory.path("latin1.csv")
        // café in Latin-1 (E9), bytes that are no UTF-8 at all in a quoted field, and café in UTF-8.
        var file = Data("name,n\r\ncaf".utf8)
        file += [0xE9] + Data(",1\r\n\"q".utf8) + [0x80, 0xFF] + Data("\",2\r\nCafé,3\r\n".utf8)
        try file.write(to: URL(fileURLWithPath: csv))
        let mine = directory.path("mine.db"), theirs = directory.path("theirs.db")
        try makeEmptyDatabase(mine)
        #expect(try succeeding([mine], ".import \(csv) t\n") == "")
        try sqlite3(theirs, ".import --csv \(csv) t\n")
        let query = "SELECT hex(name), typeof(name), n FROM t ORDER BY rowid;"
        let expected = try sqlite3(theirs, query)
        #expect(expected == "636166E9|text|1\n7180FF|text|2\n436166C3A9|text|3\n")
        #expect(try sqlite3(mine, query) == expected)
    }

    @Test func dumpLoadsIntoSqlite3AsTheSameDatabase() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("rich.db")
        try makeRichDatabase(source)
        let dump = try succeeding([source], ".dump\n")
        #expect(dump.hasPrefix("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n") && dump.hasSuffix("PRAGMA user_version=12;\nCOMMIT;\n"), "\(dump)")
        let loaded = directory.path("loaded.db")
        try run("/usr/bin/sqlite3", ["-bail", loaded], input: dump)
        // sqlite3's own dump of the two is the same text: schema, rows, AUTOINCREMENT counters.
        #expect(try sqlite3(loaded, ".dump") == (try sqlite3(source, ".dump")))
        #expect(try sqlite3(loaded, "PRAGMA user_version;") == "12\n")
        // Every value the same, bit for bit and type for type (the trigger did not fire while loading).
        let same = try sqlite3(source, """
            ATTACH '\(loaded)' AS l;
            SELECT count(*) FROM kinds a JOIN l.kinds b USING (id)
            WHERE a.i IS b.i AND a.r IS b.r AND a.t IS b.t AND a.b IS b.b AND a.anything IS b.anything
              AND typeof(a.anything) = typeof(b.anything) AND typeof(a.t) = typeof(b.t);
            SELECT count(*) FROM l.calc;
            """)
        #expect(same == "5\n2\n")

        // One table: its rows, indexes and triggers only.
        let one = try succeeding([source], ".dump kinds\n")
        #expect(one.contains("CREATE INDEX kinds_t") && one.contains("CREATE TRIGGER kinds_log") && !one.contains("CREATE TABLE calc"), "\(one)")
        #expect(!one.contains("user_version"))

        // The other way: sqlite3's dump, read by sqlctx into a new database.
        let rebuilt = directory.path("rebuilt.db")
        _ = try succeeding(["shell", rebuilt], try sqlite3(source, ".dump"))
        #expect(try sqlite3(rebuilt, ".dump") == (try sqlite3(source, ".dump")))
    }

    @Test func dumpOfAnEncryptedDatabaseHoldsItsDataAndNoKey() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("rich.db")
        try makeRichDatabase(source)
        let keyFile = directory.path("key.txt")
        try writeKeyFile("dump key 42", to: keyFile)
        let encrypted = directory.path("rich-enc.db")
        #expect(try runSQLCtx(["encrypt", source, encrypted, "--key-file", keyFile]).status == 0)
        let dump = try succeeding([encrypted, "--key-file", keyFile], ".dump\n")
        #expect(!dump.contains("dump key") && !dump.lowercased().contains("pragma key"), "\(dump)")
        let loaded = directory.path("loaded.db")
        try run("/usr/bin/sqlite3", ["-bail", loaded], input: dump)
        #expect(try sqlite3(loaded, ".dump") == (try sqlite3(source, ".dump")))
        #expect(try sqlite3(loaded, "PRAGMA user_version;") == "12\n")

        // Loaded into a new encrypted database by sqlctx, and read by the sqlcipher program.
        let reencrypted = directory.path("again-enc.db")
        _ = try succeeding([reencrypted], dump, environment: ["SQLCTX_KEY": "another key"])
        #expect(try !Data(contentsOf: URL(fileURLWithPath: reencrypted)).starts(with: Data("SQLite format 3".utf8)))
        #expect(try sqlcipher(reencrypted, "PRAGMA key = 'another key';\nPRAGMA user_version;\nSELECT count(*) FROM kinds;") == "12\n5\n")
    }

    // MARK: Options and failures

    @Test func readonlyRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.db")
        try sqlite3(path, "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        #expect(try succeeding([path, "--readonly"], "SELECT x FROM t;\n") == "1\n")
        try failingScript([path, "-readonly"], "SELECT 1;\nINSERT INTO t VALUES (2);\n", errors: ["Runtime error near line 2: attempt to write a readonly database (8)"])
        let csv = directory.path("rows.csv")
        try write("x\n3\n", to: csv)
        try failingScript(["shell", path, "--readonly"], ".import --skip 1 \(csv) t\n", errors: ["Error: \(csv) line 2: attempt to write a readonly database (8); nothing was imported"])
        #expect(try sqlite3(path, "SELECT group_concat(x) FROM t;") == "1\n")
        try failingScript([directory.path("new.db"), "--readonly"], "SELECT 1;\n", errors: ["Parse error near line 1: no database at \(directory.path("new.db")) to open read-only"])
        #expect(!FileManager.default.fileExists(atPath: directory.path("new.db")))
    }

    @Test func keysOpenEncryptedDatabasesAndAWrongOneFailsClearly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("plain.db")
        try sqlite3(path, "CREATE TABLE t (x); INSERT INTO t VALUES ('inside');")
        let keyFile = directory.path("key.txt"), wrongFile = directory.path("wrong.txt")
        try writeKeyFile("the right key", to: keyFile)
        try writeKeyFile("not the key", to: wrongFile)
        let encrypted = directory.path("enc.db")
        #expect(try runSQLCtx(["encrypt", path, encrypted, "--key-file", keyFile]).status == 0)
        #expect(try succeeding([encrypted, "--key-file", keyFile, "--cipher-compatibility", "4"], ".mode csv\n.headers on\nSELECT x FROM t;\n") == "x\r\ninside\r\n")
        #expect(try succeeding(["shell", encrypted], ".mode csv\n.headers off\nSELECT x FROM t;\n", environment: ["SQLCTX_KEY": "the right key"]) == "inside\r\n")
        let wrong = try failingScript([encrypted, "--key-file", wrongFile], "SELECT x FROM t;\n",
                                      errors: ["Parse error near line 1: file is not a database, or the key is wrong (tried the formats of SQLCipher 1 to 4) (26)"])
        #expect(!wrong.output.contains("inside") && !wrong.errors.contains("not the key"))
        try failingScript([encrypted], "SELECT x FROM t;\n", errors: ["Parse error near line 1: file is not a database; if it is encrypted, give its key first: PRAGMA key = '…', --key-file, SQLCTX_KEY or --ask-key"])
    }

    /// As sqlite3: a database argument alone opens the shell on it, a missing one is created,
    /// and no argument at all opens an in-memory database.
    @Test func aBareDatabaseOpensTheShellAndHelpTellsHow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bare.db")
        try makeEmptyDatabase(path)
        #expect(try succeeding([path], "SELECT 1 + 1 AS two;\n") == "2\n")
        #expect(try succeeding([directory.path("absent.db")], "CREATE TABLE made (x);\n") == "")
        #expect(try sqlite3(directory.path("absent.db"), ".tables") == "made\n")
        #expect(try succeeding([], "CREATE TABLE m (x);\nSELECT count(*) FROM sqlite_master;\n") == "1\n")
        let help = try runSQLCtx(["--help"])
        #expect(help.status == 0 && help.output.contains("sqlctx [<database>] [<sql> ...]") && help.output.contains("shell (default)"), "\(help.output)")
        let shellHelp = try runSQLCtx(["shell", "--help"])
        #expect(shellHelp.status == 0 && shellHelp.output.contains("Example: sqlctx shell app.db") && shellHelp.output.contains("--readonly"), "\(shellHelp.output)")
        // The other commands are still commands, not database names.
        let info = try runSQLCtx(["info", path])
        #expect(info.status == 0 && info.output.contains("user_version"), "\(info.output)")
    }
}
