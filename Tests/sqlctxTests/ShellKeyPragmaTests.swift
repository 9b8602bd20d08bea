import Foundation
import PortableSQLTestSupport
import Testing

/// `PRAGMA key` and its kin typed in the shell, as sqlcipher's shell takes them: they open an
/// encrypted database (printing `ok`), change its key, and never show the key.
@Suite struct ShellKeyPragmaTests {
    /// An encrypted database made by the sqlcipher program of `.plus`'s library, with the
    /// passphrase `s3cret`, holding one row in `t`.
    private static func encryptedDatabase(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("enc.db")
        let made = try runProgram(defaultSQLCipherProgram, [path], input: "PRAGMA key = 's3cret';\nCREATE TABLE t(a);\nINSERT INTO t VALUES ('inside');\n", environment: [:], directory: nil, timeout: 60)
        #expect(made.status == 0, "\(made.errors)")
        return path
    }

    /// Runs `input` through sqlctx and sqlcipher on copies of the database; expects the same output and status.
    private func expectSameAsSQLCipher(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.encryptedDatabase(in: directory)
        let copy = directory.path("copy.db")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let expected = try runProgram(defaultSQLCipherProgram, [path], input: input, environment: [:], directory: nil, timeout: 60)
        let actual = try runSQLCtx([copy], input: input)
        #expect(actual.output == expected.output, "sqlcipher:\n\(expected.output)\nsqlctx:\n\(actual.output)", sourceLocation: sourceLocation)
        #expect(actual.status == expected.status, "\(actual.errors)", sourceLocation: sourceLocation)
    }

    @Test func aKeyPragmaFirstOpensTheDatabaseAsSQLCipherDoes() throws {
        try expectSameAsSQLCipher("PRAGMA key = 's3cret';\nSELECT * FROM t;\n")
        try expectSameAsSQLCipher("PRAGMA main.key('s3cret');\n.mode box\n.headers on\nSELECT count(*) FROM t;\n")
        try expectSameAsSQLCipher("PRAGMA cipher_compatibility = 4;\nPRAGMA key = \"s3cret\";\nSELECT a FROM t;\n")
        // A rekey, then the new key opens it, the old one no more.
        try expectSameAsSQLCipher(".headers on\nPRAGMA key = 's3cret';\nPRAGMA rekey = 'n3w';\nSELECT count(*) FROM t;\n")
    }

    /// Unlike sqlcipher, which may take a second key for pages it has not read yet, sqlctx
    /// ignores a key once one has opened the database.
    @Test func aSecondKeyChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.encryptedDatabase(in: directory)
        let run = try runSQLCtx([path], input: "PRAGMA key = 's3cret';\nSELECT 1;\nPRAGMA key = 'other';\nSELECT a FROM t;\n")
        #expect(run.output == "ok\n1\nok\ninside\n" && run.status == 0, "\(run.output)\(run.errors)")
    }

    @Test func aStatementBeforeTheKeyFailsAndTheKeyThenOpensTheDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.encryptedDatabase(in: directory)
        let run = try runSQLCtx([path], input: ".tables\nPRAGMA key = 's3cret';\n.tables\n")
        #expect(run.output == "ok\nt\n" && run.status == 1, "\(run.output)")
        #expect(run.errors == "Error: file is not a database; if it is encrypted, give its key first: PRAGMA key = '…', --key-file, SQLCTX_KEY or --ask-key\n")
    }

    @Test func aWrongKeyIsReportedWhereItIsGivenAndForgotten() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.encryptedDatabase(in: directory)
        let run = try runSQLCtx([path], input: "PRAGMA key = 'wrong secret';\nSELECT * FROM t;\nPRAGMA key = 's3cret';\nSELECT * FROM t;\n")
        #expect(run.output == "ok\ninside\n" && run.status == 1, "\(run.output)")
        #expect(run.errors == """
            Runtime error near line 1: file is not a database, or the key is wrong (tried the formats of SQLCipher 1 to 4) (26)
            Parse error near line 2: file is not a database; if it is encrypted, give its key first: PRAGMA key = '…', --key-file, SQLCTX_KEY or --ask-key

            """, "\(run.errors)")
        #expect(!run.errors.contains("wrong secret"))
    }

    @Test func hexKeysOpenWhatTheirPassphraseDoesNotAndBadHexIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("raw.db")
        let hex = String(repeating: "2d", count: 32)
        let made = try runProgram(defaultSQLCipherProgram, [path], input: "PRAGMA key = \"x'\(hex)'\";\nCREATE TABLE r(v);\nINSERT INTO r VALUES (7);\n", environment: [:], directory: nil, timeout: 60)
        #expect(made.status == 0, "\(made.errors)")
        #expect(try runSQLCtx([path], input: "PRAGMA hexkey = '\(hex)';\nSELECT v FROM r;\n").output == "ok\n7\n")
        #expect(try runSQLCtx([path], input: "PRAGMA key = \"x'\(hex)'\";\nSELECT v FROM r;\n").output == "ok\n7\n")
        let short = try runSQLCtx([path], input: "PRAGMA hexkey = '00';\n")
        #expect(short.status == 1 && short.errors == "Runtime error near line 1: PRAGMA hexkey takes 64 hex digits (a 32-byte key), or 96 with the file's salt\n", "\(short.errors)")
    }

    @Test func echoAndErrorsNeverShowTheKey() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.encryptedDatabase(in: directory)
        let run = try runSQLCtx([path], input: ".echo on\nPRAGMA key = 's3cret';\nSELECT count(*) FROM t;\n")
        #expect(run.output == "PRAGMA key = '<redacted>';\nok\nSELECT count(*) FROM t;\n1\n", "\(run.output)")
        // On a plain database a key is refused and forgotten: the next statement reads it.
        let plain = directory.path("plain.db")
        try sqlite3(plain, "CREATE TABLE p(x); INSERT INTO p VALUES (1);")
        let refused = try runSQLCtx([plain], input: "PRAGMA key = 'typed secret';\nSELECT x FROM p;\nPRAGMA rekey = 'typed secret';\n")
        #expect(refused.output == "1\n" && refused.status == 1, "\(refused.output)")
        #expect(!refused.errors.contains("typed secret") && refused.errors.contains("is not encrypted"), "\(refused.errors)")
    }

    /// A dot-command that names a URI with a key shows it nowhere: not echoed, not in its
    /// error, not in `.show`.
    @Test func uriKeysInDotCommandsAreNeverShown() throws {
        let directory = try TemporaryDirectory()
        let uri = "file:\(directory.path("none"))/x.db?key=URISEKRIT"
        let run = try runSQLCtx([], input: ".echo on\n.open '\(uri)'\n.backup '\(uri)'\n.show\n.restore '\(uri)'\n")
        #expect(run.output.contains(".open 'file:\(directory.path("none"))/x.db?key=<redacted>'\n") && run.output.contains("filename:"), "\(run.output)")
        #expect(!run.output.contains("URISEKRIT") && !run.errors.contains("URISEKRIT"), "\(run.output)\(run.errors)")
        #expect(run.status == 1)
    }

    /// A file that `.output` opened before `PRAGMA key` showed the database encrypted is made
    /// private when the key opens it, before any row is written to it.
    @Test func outputOpenedBeforeTheKeyBecomesPrivate() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.encryptedDatabase(in: directory)
        let file = directory.path("out.txt")
        let run = try runSQLCtx([path], input: ".output \(file)\nPRAGMA key = 's3cret';\nSELECT a FROM t;\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "ok\ninside\n")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
    }

    @Test func backupOfAnEncryptedDatabaseIsEncryptedUnderItsKey() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.encryptedDatabase(in: directory)
        let copy = directory.path("copy.db")
        let run = try runSQLCtx([path], input: "PRAGMA key = 's3cret';\n.backup \(copy)\n")
        #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        let read = try runProgram(defaultSQLCipherProgram, [copy], input: "PRAGMA key = 's3cret';\nSELECT a FROM t;\n", environment: [:], directory: nil, timeout: 60)
        #expect(read.output == "ok\ninside\n", "\(read.output)\(read.errors)")
        #expect(try !Data(contentsOf: URL(fileURLWithPath: copy)).starts(with: Data("SQLite format 3".utf8)))
        // And .restore reads an encrypted copy back under the key.
        let restored = try runSQLCtx([path], input: "PRAGMA key = 's3cret';\nDELETE FROM t;\n.restore \(copy)\nSELECT a FROM t;\n")
        #expect(restored.output == "ok\ninside\n" && restored.status == 0, "\(restored.output)\(restored.errors)")
    }

    /// There is no `--key`: it is refused (status 64, as any bad usage), saying why and what
    /// to use, without the key, and without opening anything.
    @Test func aKeyFlagIsRefusedWithTheWaysThatExist() throws {
        let directory = try TemporaryDirectory()
        for arguments in [["--key", "flag secret", directory.path("a.db")], ["info", "-key=flag secret", directory.path("a.db")]] {
            let run = try runSQLCtx(arguments, input: "SELECT 1;\n")
            #expect(run.status == 64 && run.output.isEmpty, "\(arguments)")
            #expect(run.errors.hasPrefix("Error: there is no --key option, on purpose: a key on the command line shows in process listings"), "\(run.errors)")
            #expect(run.errors.contains("--key-file PATH") && run.errors.contains("PRAGMA key") && !run.errors.contains("flag secret"), "\(run.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("a.db")))
    }
}
