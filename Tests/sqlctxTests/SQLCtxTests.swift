import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// Drives the built `sqlctx` binary as a user would, failures included.
@Suite struct SQLCtxTests {
    /// The result of one run of the tool.
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    func sqlctx(_ arguments: [String], environment: [String: String] = [:], detached: Bool = false) throws -> Outcome {
        let binary = try builtProduct("sqlctx")
        do {
            let output = try run(detached ? "/usr/bin/setsid" : binary, detached ? ["--wait", binary] + arguments : arguments, environment: environment)
            return Outcome(status: 0, output: output, errors: "")
        } catch let failure as CommandFailure {
            return Outcome(status: failure.status, output: "", errors: failure.standardError)
        }
    }

    /// Checks a failure: non-zero status, exactly one line on standard error, mentioning `text`.
    func expectFailure(_ outcome: Outcome, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.status != 0, sourceLocation: sourceLocation)
        #expect(outcome.errors.hasPrefix("sqlctx: "), "\(outcome.errors)", sourceLocation: sourceLocation)
        #expect(outcome.errors.filter { $0 == "\n" }.count == 1, "\(outcome.errors)", sourceLocation: sourceLocation)
        #expect(outcome.errors.contains(text), "\(outcome.errors)", sourceLocation: sourceLocation)
    }

    /// Writes `key` to a private (0600) key file at `path`, as a user should.
    func writeKeyFile(_ key: String, to path: String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(key.utf8), attributes: [.posixPermissions: 0o600]))
    }

    /// Runs the tool through the shell `script`, with both output streams in the result.
    func sqlctxInShell(_ script: String, _ arguments: [String]) throws -> String {
        try run("/bin/sh", ["-c", script + " 2>&1", try builtProduct("sqlctx")] + arguments)
    }

    func makeSampleDatabase(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("sample.db")
        try sqlite3(path, """
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB);
            INSERT INTO item (name, price, data) VALUES ('plain', 1.5, x'CAFE'), ('with, comma', NULL, NULL), ('say "hi"' || char(10) || 'twice', 2, x'');
            CREATE TABLE empty (x);
            PRAGMA user_version = 5;
            """)
        return path
    }

    @Test func demoRunsAndKeepsItsFiles() throws {
        let directory = try TemporaryDirectory()
        let outcome = try sqlctx(["demo", "--keep", directory.path("demo")])
        #expect(outcome.status == 0)
        for step in 1...9 { #expect(outcome.output.contains("[\(step)]")) }
        #expect(outcome.output.contains("wrong key → SQLITE_NOTADB"))
        // On SQLCipher 4: JSON and FTS5 under encryption, and the engine named with its library.
        #expect(outcome.output.contains("engine: SQLCipher 4.") && outcome.output.contains("libsqlcipher.so"))
        #expect(outcome.output.contains("json_extract: Ursula K. Le Guin wrote 3 of the books"))
        #expect(outcome.output.contains("fts5 MATCH 'dark* OR game*': The Player of Games, The Left Hand of Darkness"))
        let encrypted = try Data(contentsOf: URL(fileURLWithPath: directory.path("demo/library-encrypted.sqlite")))
        #expect(!encrypted.starts(with: Data("SQLite format 3".utf8)))
        #expect(try sqlite3(directory.path("demo/library.sqlite"), "SELECT count(*) FROM book;") == "7\n")
    }

    @Test func queryFormats() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let table = try sqlctx(["query", path, "SELECT id, name, price FROM item WHERE id < ? ORDER BY id", "--param", "3"])
        #expect(table.output == """
            id  name         price
            --  -----------  -----
            1   plain        1.5
            2   with, comma  NULL
            (2 rows)

            """)

        // A table row stays one line: control characters are shown escaped, in values and names.
        let escaped = try sqlctx(["query", path, "SELECT name, char(9) || 'x' || char(27) AS \"a\nb\" FROM item WHERE id = 3"])
        #expect(escaped.output == """
            name             a\\nb
            ---------------  ---------
            say "hi"\\ntwice  \\tx\\u{1B}
            (1 row)

            """, "\(escaped.output)")

        let json = try sqlctx(["query", path, "SELECT id, name, price, data FROM item ORDER BY id", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.count == 3)
        #expect(objects[0]["id"] as? Int == 1)
        #expect(objects[0]["price"] as? Double == 1.5)
        #expect(objects[0]["data"] as? String == Data([0xCA, 0xFE]).base64EncodedString())
        #expect(objects[1]["price"] is NSNull)
        #expect(objects[2]["name"] as? String == "say \"hi\"\ntwice")

        let csv = try sqlctx(["query", path, "SELECT name, price FROM item ORDER BY id", "--format", "csv"])
        #expect(csv.output == "name,price\r\nplain,1.5\r\n\"with, comma\",\r\n\"say \"\"hi\"\"\ntwice\",2.0\r\n")
    }

    @Test func queryBindsTypedParameters() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let hostile = "x' OR '1'='1"
        let none = try sqlctx(["query", path, "SELECT count(*) FROM item WHERE name = ?", "--param", hostile])
        #expect(none.output.contains("\n0\n"))
        let typed = try sqlctx(["query", path, "SELECT typeof(?), typeof(?), typeof(?), typeof(?), typeof(?), hex(?)", "--param", "42", "--param", "text:42",
                                "--param", "real:4", "--param", "null", "--param", "hello", "--param", "blob:0aff", "--format", "csv"])
        #expect(typed.output.hasSuffix("integer,text,real,null,text,0AFF\r\n"))
        let insert = try sqlctx(["query", path, "INSERT INTO item (name) VALUES (?)", "--param", "new"])
        #expect(insert.output == "(1 row changed)\n")
        expectFailure(try sqlctx(["query", path, "SELECT ?", "--param", "int:x"]), mentioning: "not an integer")
        expectFailure(try sqlctx(["query", path, "SELECT ?, ?", "--param", "1"]), mentioning: "takes 2 parameter(s); 1 --param given")
    }

    @Test func queryFailures() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        expectFailure(try sqlctx(["query", path, "SELEKT 1"]), mentioning: "syntax error")
        // Library advice for Swift callers is told in the tool's terms.
        let script = try sqlctx(["query", path, "SELECT 1; SELECT 2"])
        expectFailure(script, mentioning: "sqlctx query runs one statement; run a script's statements one query at a time, or as a migration file with `sqlctx migrate`")
        #expect(!script.errors.contains("exec(sql:)"))
        let keyed = try sqlctx(["query", path, "SELECT 1"], environment: ["SQLCTX_KEY": "k"])
        expectFailure(keyed, mentioning: "\(path) is not encrypted: open it without a key")
        #expect(!keyed.errors.contains("SQLCipherSettings"))
        let missing = directory.path("missing.db")
        expectFailure(try sqlctx(["query", missing, "SELECT 1"]), mentioning: "no database at")
        #expect(!FileManager.default.fileExists(atPath: missing))
        // A key in a URI is never printed, whatever the message.
        let uri = try sqlctx(["query", "file:\(missing)?key=SeCrEt%20word&mode=ro", "SELECT 1"])
        expectFailure(uri, mentioning: "key=<redacted>&mode=ro")
        #expect(!uri.errors.contains("SeCrEt"))
        let text = directory.path("notes.txt")
        try String(repeating: "not a database\n", count: 100).write(toFile: text, atomically: true, encoding: .utf8)
        expectFailure(try sqlctx(["query", text, "SELECT 1"]), mentioning: "encrypted or is not a database")
        expectFailure(try sqlctx(["info", directory.url.path]), mentioning: "no database at")
    }

    @Test func infoOnPlainAndEncryptedDatabases() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let plain = try sqlctx(["info", path])
        #expect(plain.output.contains("system SQLite 3."))
        #expect(plain.output.contains("encrypted     no"))
        #expect(plain.output.contains("user_version  5"))
        #expect(plain.output.contains("table item    3 rows"))
        #expect(plain.output.contains("table empty   0 rows"))
        #expect(plain.output.contains("page size     4096"))
        let system = SQLContext()
        #expect(plain.output.contains("wal reset     " + (system.walResetBugWarning.map { "affected: " + $0 } ?? "not affected (SQLite \(system.version))")), "\(plain.output)")

        let encrypted = directory.path("enc.db")
        #expect(try sqlctx(["encrypt", path, encrypted], environment: ["SQLCTX_KEY": "k1"]).status == 0)
        let info = try sqlctx(["info", encrypted], environment: ["SQLCTX_KEY": "k1"])
        #expect(info.output.contains("engine        SQLCipher 4."))
        #expect(info.output.contains("sqlcipher     SQLCipher 4.") && info.output.contains("libsqlcipher.so"))
        #expect(info.output.contains("page size     4096\n"))
        #expect(info.output.contains("encrypted     yes"))
        #expect(info.output.contains("user_version  5"))
        expectFailure(try sqlctx(["info", encrypted]), mentioning: "give its key")
        expectFailure(try sqlctx(["info", encrypted], environment: ["SQLCTX_KEY": "wrong"]), mentioning: "key is wrong")

        // Views, indexes and triggers too, each with its table (a view with its columns).
        try sqlite3(path, """
            CREATE VIEW cheap AS SELECT name, price FROM item WHERE price < 2;
            CREATE INDEX item_name ON item (name);
            CREATE TABLE log (entry TEXT UNIQUE);
            CREATE TRIGGER item_logged AFTER INSERT ON item BEGIN INSERT INTO log VALUES (new.name); END;
            """)
        let schema = try sqlctx(["info", path]).output
        #expect(schema.hasSuffix("""
            table empty          0 rows
            table item           3 rows
            table log            0 rows
            view cheap           2 columns
            index item_name      on item
            trigger item_logged  on item

            """), "\(schema)")
    }

    @Test func encryptDecryptRekey() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let keyFile = directory.path("key.txt")
        try writeKeyFile("first key\n", to: keyFile)
        let encrypted = directory.path("enc.db")
        let encrypt = try sqlctx(["encrypt", path, encrypted, "--key-file", keyFile])
        #expect(encrypt.status == 0)
        #expect(try sqlcipher(encrypted, "PRAGMA key = 'first key';\nPRAGMA user_version;\nSELECT count(*) FROM item;") == "5\n3\n")
        // Where bootstrap built SQLCipher 4, its shell is on PATH as `sqlcipher4` and opens the file.
        if FileManager.default.isExecutableFile(atPath: projectSQLCipherProgram) {
            let onPath = try run("/usr/bin/env", ["sqlcipher4", encrypted], input: "PRAGMA key = 'first key';\nSELECT count(*) FROM item;\n")
            #expect(onPath.hasSuffix("3\n"))
        }

        // An existing destination is refused and left alone.
        let before = try Data(contentsOf: URL(fileURLWithPath: encrypted))
        expectFailure(try sqlctx(["encrypt", path, encrypted, "--key-file", keyFile]), mentioning: "already exists")
        #expect(try Data(contentsOf: URL(fileURLWithPath: encrypted)) == before)

        let newKeyFile = directory.path("new.txt")
        try writeKeyFile("second key", to: newKeyFile)
        #expect(try sqlctx(["rekey", encrypted, "--key-file", keyFile, "--new-key-file", newKeyFile]).status == 0)
        expectFailure(try sqlctx(["query", encrypted, "SELECT 1", "--key-file", keyFile]), mentioning: "key is wrong")

        let decrypted = directory.path("plain.db")
        expectFailure(try sqlctx(["decrypt", encrypted, decrypted, "--key-file", keyFile]), mentioning: "key is wrong")
        #expect(!FileManager.default.fileExists(atPath: decrypted))
        #expect(try sqlctx(["decrypt", encrypted, decrypted], environment: ["SQLCTX_KEY": "second key"]).status == 0)
        #expect(try sqlite3(decrypted, "PRAGMA user_version; SELECT name FROM item WHERE id = 1;") == "5\nplain\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains("tmp") }
        #expect(leftovers == [])
    }

    @Test func everyCommandOpensEncryptedDatabasesWithAKey() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let encrypted = directory.path("secret.db")
        let key = ["SQLCTX_KEY": "the key"]
        #expect(try sqlctx(["encrypt", path, encrypted], environment: key).status == 0)
        let query = try sqlctx(["query", encrypted, "SELECT name FROM item WHERE id = ?", "--param", "1", "--format", "csv"], environment: key)
        #expect(query.output == "name\r\nplain\r\n")
        let migrations = directory.url.appendingPathComponent("migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try "ALTER TABLE item ADD COLUMN note TEXT;".write(to: migrations.appendingPathComponent("006_note.sql"), atomically: true, encoding: .utf8)
        let migrate = try sqlctx(["migrate", encrypted, migrations.path], environment: key)
        #expect(migrate.output.contains("applied 6 006_note"))
        #expect(try sqlcipher(encrypted, "PRAGMA key = 'the key';\nPRAGMA user_version;\nSELECT count(note) FROM item;") == "6\n0\n")
        expectFailure(try sqlctx(["migrate", encrypted, migrations.path]), mentioning: "SQLITE_NOTADB")
    }

    @Test func keySourcesFailClearly() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let target = directory.path("out.db")
        expectFailure(try sqlctx(["encrypt", path, target, "--key-file", directory.path("absent.txt")]), mentioning: "cannot read key file")
        let empty = directory.path("empty.txt")
        try writeKeyFile("\n", to: empty)
        expectFailure(try sqlctx(["encrypt", path, target, "--key-file", empty]), mentioning: "is empty")
        // Without a key and without a terminal to ask on.
        expectFailure(try sqlctx(["encrypt", path, target], detached: true), mentioning: "no key given")
        #expect(!FileManager.default.fileExists(atPath: target))
        // There is no --key option: a key on the command line would show in process listings.
        let rejected = try sqlctx(["encrypt", path, target, "--key", "secret"])
        #expect(rejected.status != 0)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func promptReadsTheKeyWithoutEcho() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let target = directory.path("prompted.db")
        let binary = try builtProduct("sqlctx")
        // `script` gives the tool a terminal; the new key is typed into it twice, after each prompt.
        let transcript = try typeAtPrompts(
            ["typed secret", "typed secret"], command: "'\(binary)' encrypt '\(path)' '\(target)'", prompts: ["New key for", "Type the new key again"])
        #expect(transcript.contains("New key for"))
        #expect(!transcript.contains("typed secret"))
        #expect(try sqlcipher(target, "PRAGMA key = 'typed secret';\nSELECT count(*) FROM item;") == "3\n")
    }

    @Test func aKeyFileReadableByOthersIsUsedWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let keyFile = directory.path("open-key.txt")
        try writeKeyFile("shared key", to: keyFile)
        let quiet = try sqlctxInShell(#""$0" "$@""#, ["encrypt", path, directory.path("quiet.db"), "--key-file", keyFile])
        #expect(!quiet.contains("warning"), "\(quiet)")
        try #require(chmod(keyFile, 0o644) == 0)
        let warned = try sqlctxInShell(#""$0" "$@""#, ["encrypt", path, directory.path("warned.db"), "--key-file", keyFile])
        let warnings = warned.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings == ["sqlctx: warning: key file \(keyFile) is readable by others (mode 0644); make it private with chmod 600"], "\(warned)")
        #expect(!warned.contains("shared key"))
        #expect(try sqlcipher(directory.path("warned.db"), "PRAGMA key = 'shared key';\nSELECT count(*) FROM item;") == "3\n")
    }

    @Test func aNewKeyIsTypedTwice() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let binary = try builtProduct("sqlctx")
        // Types `lines` into the tool's terminal, each once its prompt is shown (the tool discards
        // what is typed before it turns echo off); a failure shows in the transcript.
        func typing(_ lines: [String], _ arguments: String) throws -> String {
            try typeAtPrompts(lines, command: "'\(binary)' \(arguments)", prompts: ["Current key of", "New key for", "Type the new key again"])
        }
        let mismatched = directory.path("mismatched.db")
        let refused = try typing(["first try", "first tyr"], "encrypt '\(path)' '\(mismatched)'")
        #expect(refused.contains("Type the new key again") && refused.contains("the two new keys typed differ"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: mismatched))

        let encrypted = directory.path("typed.db")
        let accepted = try typing(["typed secret", "typed secret"], "encrypt '\(path)' '\(encrypted)'")
        #expect(!accepted.contains("typed secret") && accepted.contains("encrypted "), "\(accepted)")
        #expect(try sqlcipher(encrypted, "PRAGMA key = 'typed secret';\nSELECT count(*) FROM item;") == "3\n")

        // rekey: the current key once, the new one twice.
        let before = try Data(contentsOf: URL(fileURLWithPath: encrypted))
        let rekeyRefused = try typing(["typed secret", "new one", "new 0ne"], "rekey '\(encrypted)'")
        #expect(rekeyRefused.contains("the two new keys typed differ"), "\(rekeyRefused)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: encrypted)) == before)
        _ = try typing(["typed secret", "new one", "new one"], "rekey '\(encrypted)'")
        #expect(try sqlcipher(encrypted, "PRAGMA key = 'new one';\nSELECT count(*) FROM item;") == "3\n")
    }

    @Test func copiesOfAPrivateDatabaseArePrivateWhateverTheUmask() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        try #require(chmod(path, 0o600) == 0)
        let keyFile = directory.path("key.txt")
        try writeKeyFile("private key", to: keyFile)
        let permissive = #"umask 000; exec "$0" "$@""#
        let encrypted = directory.path("enc.db")
        let copies = [directory.path("copy.db"), encrypted, directory.path("enc-copy.db"), directory.path("plain.db")]
        _ = try sqlctxInShell(permissive, ["backup", path, copies[0]])
        _ = try sqlctxInShell(permissive, ["encrypt", path, encrypted, "--key-file", keyFile])
        _ = try sqlctxInShell(permissive, ["backup", encrypted, copies[2], "--key-file", keyFile])
        _ = try sqlctxInShell(permissive, ["decrypt", encrypted, copies[3], "--key-file", keyFile])
        for copy in copies {
            let mode = (try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600, "\(copy): \(String(mode ?? 0, radix: 8))")
        }
        #expect(try sqlite3(copies[3], "SELECT count(*) FROM item;") == "3\n")
    }

    @Test func migrateAppliesNumberedFiles() throws {
        let directory = try TemporaryDirectory()
        let migrations = directory.url.appendingPathComponent("migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT);".write(to: migrations.appendingPathComponent("001_create.sql"), atomically: true, encoding: .utf8)
        try "ALTER TABLE note ADD COLUMN created TEXT; INSERT INTO note (body) VALUES ('hello');".write(to: migrations.appendingPathComponent("002_created.sql"), atomically: true, encoding: .utf8)
        try "ignored".write(to: migrations.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        let path = directory.path("app.db")
        let first = try sqlctx(["migrate", path, migrations.path])
        #expect(first.output == "applied 1 001_create\napplied 2 002_created\n\(path) is now at version 2\n")
        #expect(try sqlctx(["migrate", path, migrations.path]).output == "\(path) is up to date at version 2\n")

        try "INSERT INTO note (body) VALUES ('partial'); INSERT INTO missing VALUES (1);".write(to: migrations.appendingPathComponent("003_broken.sql"), atomically: true, encoding: .utf8)
        expectFailure(try sqlctx(["migrate", path, migrations.path]), mentioning: "migration file 003_broken.sql failed: SQLITE_ERROR: no such table: missing")
        #expect(try sqlite3(path, "PRAGMA user_version; SELECT count(*) FROM note;") == "2\n1\n")
        try FileManager.default.removeItem(at: migrations.appendingPathComponent("003_broken.sql"))

        try sqlite3(path, "PRAGMA user_version = 9;")
        expectFailure(try sqlctx(["migrate", path, migrations.path]), mentioning: "newer")
    }

    @Test func migrateNamesTheFilesItTakesAndWarnsOfThoseItSkips() throws {
        let directory = try TemporaryDirectory()
        let migrations = directory.url.appendingPathComponent("migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        let files = [
            "001_create.sql": "CREATE TABLE note (body TEXT);", "002-dash.sql": "INSERT INTO note VALUES ('dash');",
            "003.SQL": "INSERT INTO note VALUES ('upper');", "create.sql": "DROP TABLE note;", "4x.sql": "DROP TABLE note;",
            "notes.txt": "not a migration", "005_later.sql.bak": "DROP TABLE note;",
        ]
        for (name, sql) in files {
            try sql.write(to: migrations.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let path = directory.path("app.db")
        let output = try sqlctxInShell(#""$0" "$@""#, ["migrate", path, migrations.path])
        #expect(output == """
            sqlctx: warning: skipping 4x.sql: a migration file's name starts with its number from 1 up (like 001_create.sql)
            sqlctx: warning: skipping create.sql: a migration file's name starts with its number from 1 up (like 001_create.sql)
            applied 1 001_create
            applied 2 002-dash
            applied 3 003
            \(path) is now at version 3

            """, "\(output)")
        #expect(try sqlite3(path, "SELECT group_concat(body) FROM note;") == "dash,upper\n")
        let help = try sqlctx(["migrate", "--help"]).output
        #expect(help.contains("NNN-name.sql") && help.contains("skipped with a warning"))
    }

    @Test func upgradeAndCompatibilityForSQLCipher3Databases() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.db")
        try sqlcipher(path, "PRAGMA key = 'old key';\nCREATE TABLE item (v);\nINSERT INTO item VALUES (1), (2);\nPRAGMA user_version = 6;", program: systemSQLCipherProgram)
        let key = ["SQLCTX_KEY": "old key"]
        let unopened = try sqlctx(["query", path, "SELECT count(*) FROM item"], environment: key)
        expectFailure(unopened, mentioning: "SQLCipher 3 format: read it with --cipher-compatibility 3, or convert it once with `sqlctx upgrade \(path)`")
        #expect(!unopened.errors.contains("SQLCipherSettings") && !unopened.errors.contains("upgradeCipherFormat"))
        let compatible = try sqlctx(["query", path, "SELECT count(*) AS n FROM item", "--format", "csv", "--cipher-compatibility", "3"], environment: key)
        #expect(compatible.output == "n\r\n2\r\n")
        expectFailure(try sqlctx(["upgrade", path], environment: ["SQLCTX_KEY": "wrong key"]), mentioning: "key is wrong")
        expectFailure(try sqlctx(["upgrade", directory.path("absent.db")], environment: key), mentioning: "no database at")
        #expect(try sqlctx(["upgrade", path, "--cipher-compatibility", "3"], environment: key).status != 0)

        let upgraded = try sqlctx(["upgrade", path], environment: key)
        #expect(upgraded.output == "\(path) was in SQLCipher 3 format; upgraded to SQLCipher 4 format\n")
        let info = try sqlctx(["info", path], environment: key)
        #expect(info.output.contains("user_version  6") && info.output.contains("table item    2 rows"))
        #expect(try sqlctx(["upgrade", path], environment: key).output.contains("is in SQLCipher 4 format already; nothing to do"))
    }

    @Test func cipherCompatibilityIsOfferedWhereItIsTakenWithItsRange() throws {
        // encrypt writes the engine's format and upgrade finds the format: neither lists nor takes it.
        for command in ["encrypt", "upgrade"] {
            #expect(try !sqlctx([command, "--help"]).output.contains("--cipher-compatibility <N>"), "\(command)")
        }
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let key = ["SQLCTX_KEY": "k"]
        let refused = try sqlctx(["encrypt", path, directory.path("x.db"), "--cipher-compatibility", "3"], environment: key)
        #expect(refused.status != 0 && refused.errors.contains("--cipher-compatibility"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("x.db")))

        // The range in the help is the range accepted: 1 to 4.
        for command in ["query", "info", "decrypt", "rekey", "migrate", "backup", "check", "shell"] {
            #expect(try sqlctx([command, "--help"]).output.contains("SQLCipher N (1 to 4)"), "\(command)")
        }
        let encrypted = directory.path("enc.db")
        #expect(try sqlctx(["encrypt", path, encrypted], environment: key).status == 0)
        let current = try sqlctx(["query", encrypted, "SELECT count(*) FROM item", "--format", "csv", "--cipher-compatibility", "4"], environment: key)
        #expect(current.output.hasSuffix("\r\n3\r\n"))
        for outside in ["0", "5"] {
            expectFailure(try sqlctx(["query", encrypted, "SELECT 1", "--cipher-compatibility", outside], environment: key),
                          mentioning: "--cipher-compatibility takes a SQLCipher major version from 1 to 4, not \(outside)")
        }
    }

    @Test func everyCommandHasHelpWithAnExample() throws {
        for command in ["demo", "query", "info", "encrypt", "decrypt", "rekey", "upgrade", "migrate", "backup", "check", "shell"] {
            let help = try sqlctx([command, "--help"])
            #expect(help.status == 0)
            #expect(help.output.contains("Example: sqlctx \(command)") || help.output.contains("sqlctx \(command)"), "\(command)")
            #expect(help.output.contains("Example:"), "\(command)")
        }
    }

    @Test func versionNamesTheToolAndItsSQLite() throws {
        let sqliteVersion = try #require(try run("/usr/bin/sqlite3", ["--version"]).split(separator: " ").first)
        let outcome = try sqlctx(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.output == "sqlctx 0.9.0 (PortableSQL 0.9.0, system SQLite \(sqliteVersion))\n", "\(outcome.output)")
    }

    @Test func backupAndCheckPlainAndEncryptedDatabases() throws {
        let directory = try TemporaryDirectory()
        let path = try makeSampleDatabase(directory)
        let copy = directory.path("copy.db")
        let backup = try sqlctx(["backup", path, copy])
        #expect(backup.status == 0 && backup.output.hasPrefix("backed up \(path) to \(copy) ("), "\(backup.output)")
        #expect(try sqlite3(copy, "PRAGMA user_version; SELECT count(*) FROM item;") == "5\n3\n")
        expectFailure(try sqlctx(["backup", path, copy]), mentioning: "no file exists yet")
        #expect(try sqlctx(["check", copy]).output == "ok\n")
        #expect(try sqlctx(["check", copy, "--quick"]).output == "ok\n")

        // Encrypted: the copy keeps the key, and check also verifies each page.
        let keyFile = directory.path("key.txt")
        try writeKeyFile("backup key", to: keyFile)
        let encrypted = directory.path("enc.db")
        #expect(try sqlctx(["encrypt", path, encrypted, "--key-file", keyFile]).status == 0)
        let encryptedCopy = directory.path("enc-copy.db")
        #expect(try sqlctx(["backup", encrypted, encryptedCopy, "--key-file", keyFile]).status == 0)
        #expect(try sqlcipher(encryptedCopy, "PRAGMA key = 'backup key';\nSELECT count(*) FROM item;") == "3\n")
        #expect(try !Data(contentsOf: URL(fileURLWithPath: encryptedCopy)).starts(with: Data("SQLite format 3".utf8)))
        #expect(try sqlctx(["check", encryptedCopy, "--key-file", keyFile]).output == "ok\n")
        expectFailure(try sqlctx(["backup", encrypted, directory.path("nokey.db")]), mentioning: "encrypted or is not a database")
        #expect(!FileManager.default.fileExists(atPath: directory.path("nokey.db")))

        // A page changed on disk: SQLCipher's check names it, and the command fails.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: encryptedCopy))
        try handle.seek(toOffset: 4096 + 200)
        try handle.write(contentsOf: Data([1, 2, 3, 4]))
        try handle.close()
        expectFailure(try sqlctx(["check", encryptedCopy, "--key-file", keyFile]), mentioning: "failed its integrity check")

        // An index that disagrees with its table: SQLite's check finds it.
        try sqlite3(copy, "CREATE INDEX item_name ON item (name); PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE INDEX item_name ON item (price)' WHERE name = 'item_name';")
        expectFailure(try sqlctx(["check", copy]), mentioning: "failed its integrity check")
    }
}
