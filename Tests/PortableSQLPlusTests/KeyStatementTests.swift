import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// No spelling of a key statement that SQLite accepts shows the key in a trace or an error, and an
/// engine that does not encrypt refuses every such statement instead of writing in clear.
@Suite struct KeyStatementTests {
    static let secret = "s3cr3t-passphrase"

    /// Spellings SQLite accepts for the key pragmas: quoted names of every kind, comments, a
    /// schema, case, EXPLAIN, and the other key pragmas.
    static var spellings: [String] {
        let names = [#"key"#, #""key""#, #"'key'"#, #"[key]"#, "`key`", #"KEY"#, #"main.key"#, #""main"."key""#, #"main . [key]"#]
        var sql: [String] = []
        for name in names {
            sql.append("PRAGMA \(name) = '\(secret)'")
            sql.append("PRAGMA/**/\(name)('\(secret)')")
            sql.append("pragma\n-- comment\n\t\(name)=\"\(secret)\"")
        }
        sql += [
            "EXPLAIN PRAGMA key = '\(secret)'", "EXPLAIN QUERY PLAN PRAGMA key = '\(secret)'",
            "PRAGMA \"rekey\" = '\(secret)'", "PRAGMA hexkey = '\(secret)'", "PRAGMA HexReKey = '\(secret)'",
            "SELECT 1; PRAGMA key = '\(secret)'",
        ]
        return sql
    }

    @Test func theTraceNeverShowsAKeyHoweverSpelled() throws {
        var traced = 0
        for sql in Self.spellings {
            let context = SQLContext(configuration: .plus)
            let log = ExecutedSQL(context)
            do {
                try context.execute(script: sql)
                traced += 1
                // SQLite traces no EXPLAIN; everything else shows up, redacted.
                #expect(sql.hasPrefix("EXPLAIN") || log.statements.contains { $0.contains("'<redacted>'") }, "\(sql): \(log.statements)")
            } catch {
                // SQLCipher refused it (a rekey of a database without a key, say): the error hides the key too.
                #expect(!"\(error) \(String(reflecting: error))".contains(Self.secret), "\(error)")
            }
            log.stop()
            #expect(!log.statements.joined().contains(Self.secret), "\(sql) traced as \(log.statements)")
        }
        // Every spelling of PRAGMA key itself ran and was traced.
        #expect(traced >= Self.spellings.count - 7, "\(traced) of \(Self.spellings.count) ran")
        // A statement that only mentions a key column is traced as it is, with its values.
        let context = SQLContext(configuration: .plus)
        let log = ExecutedSQL(context)
        try context.exec(sql: "CREATE TABLE t (key TEXT)")
        try context.exec(sql: "INSERT INTO t (key) VALUES (?)", parameters: ["visible"])
        #expect(log.statements.last == "INSERT INTO t (key) VALUES ('visible')")
    }

    @Test func generatedSpellingsNeverShowTheKey() throws {
        let seed = testSeed()
        var random = SeededGenerator(seed: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        let gaps = [" ", "\t", "\n", " /* c */ ", "/**/", " -- c\n", "\r\n "]
        let names = ["key", "KEY", "Key", "rekey", "hexkey"]
        let quotes: [(String) -> String] = [{ $0 }, { "\"\($0)\"" }, { "'\($0)'" }, { "[\($0)]" }, { "`\($0)`" }]
        var accepted = 0
        for number in 0..<200 {
            let name = pick(quotes)(pick(names))
            let schema = random.next() % 3 == 0 ? pick(quotes)("main") + pick([".", " . ", "/**/./**/"]) : ""
            let value = pick(["'\(Self.secret)'", "\"\(Self.secret)\""])
            let assignment = random.next() % 2 == 0 ? pick(gaps) + "=" + pick(gaps) + value : pick(gaps) + "(" + value + ")"
            let sql = pick(["PRAGMA", "pragma", "PrAgMa"]) + pick(gaps) + schema + name + assignment + pick(["", ";", " ; -- end"])
            let context = SQLContext(configuration: .plus)
            let log = ExecutedSQL(context)
            do {
                try context.execute(script: sql)
                accepted += 1
            } catch {
                #expect(!"\(error) \(String(reflecting: error))".contains(Self.secret), "seed \(seed), case \(number): \(error)")
            }
            #expect(!log.statements.joined().contains(Self.secret), "seed \(seed), case \(number): \(sql) traced as \(log.statements)")
            // The same text on an engine that does not encrypt is refused, whatever the spelling.
            let plain = SQLContext(configuration: .platform)
            let refused = try #require(throws: SQLError.self, "seed \(seed), case \(number): \(sql)") { try plain.exec(sql: sql) }
            #expect(refused.code == .misuse && !(refused.description + refused.debugDescription).contains(Self.secret))
        }
        #expect(accepted > 100, "seed \(seed): SQLCipher took \(accepted) of 200")
    }

    @Test func anAttachWithAKeyIsTracedWithoutIt() throws {
        let directory = try TemporaryDirectory()
        let context = SQLContext(configuration: .plus)
        let log = ExecutedSQL(context)
        try context.exec(sql: "ATTACH DATABASE ? AS other KEY ?", parameters: [.text(directory.path("other.db")), .text(Self.secret)])
        try context.exec(sql: "ATTACH '\(directory.path("third.db"))' AS third /* KEY */ KEY '\(Self.secret)'")
        #expect(log.statements.count == 2)
        #expect(!log.statements.joined().contains(Self.secret), "\(log.statements)")
        #expect(log.statements.allSatisfy { $0.contains("'<redacted>'") })
    }

    @Test func parametersAndURIsCannotHideAKey() throws {
        let directory = try TemporaryDirectory()
        // SQLite reads `$a(')` as one parameter, so the quote starts no string and KEY follows.
        let context = SQLContext(configuration: .plus)
        let log = ExecutedSQL(context)
        try context.exec(sql: "ATTACH $a(') AS e KEY '\(Self.secret)'", parameters: [.text(directory.path("e.db"))])
        try context.execute(script: "CREATE TABLE e.t (v); INSERT INTO e.t VALUES (99)")
        let taken = try #require(throws: SQLError.self) {
            try context.exec(sql: "ATTACH :a(') AS main KEY '\(Self.secret)'", parameters: [.text(directory.path("f.db"))])
        }
        #expect(!(taken.description + taken.debugDescription).contains(Self.secret), "\(taken)")
        // SQLCipher takes a key from a file: URI too, literal or bound.
        let uri = "file:\(directory.path("u.db"))?key=\(Self.secret)"
        try context.exec(sql: "ATTACH '\(uri)' AS u")
        // A hexkey must be pairs of hex digits: SQLCipher would cut anything else short.
        let hexSecret = String(repeating: "5e", count: 32)
        try context.exec(sql: "ATTACH ? AS v", parameters: [.text("file:\(directory.path("v.db"))?cache=private&hexkey=\(hexSecret)")])
        let main = try #require(throws: SQLError.self) { try context.exec(sql: "ATTACH '\(uri)' AS main") }
        #expect(!(main.description + main.debugDescription).contains(Self.secret), "\(main)")
        log.stop()
        #expect(log.statements.count >= 5)
        #expect(!log.statements.joined().contains(Self.secret), "\(log.statements)")
        #expect(!log.statements.joined().contains(hexSecret), "\(log.statements)")
        // The key was really used: the attached file is ciphertext that opens with it.
        try context.close()
        #expect(try sqlcipher(directory.path("e.db"), "PRAGMA key = '\(Self.secret)';\nSELECT v FROM t;") == "99\n")
        #expect(!(try Data(contentsOf: URL(fileURLWithPath: directory.path("e.db")))).starts(with: Data("SQLite format 3".utf8)))

        // On an engine that does not encrypt, each of them is refused instead of writing in clear.
        let plain = try SQLContext(path: directory.path("plain.db"))
        for (sql, parameters) in [
            ("ATTACH $a(') AS o KEY 'x'", [SQLValue.text(directory.path("o.db"))]), ("ATTACH '\(uri)' AS w", []),
        ] {
            let refused = try #require(throws: SQLError.self, "\(sql)") { try plain.exec(sql: sql, parameters: parameters) }
            #expect(refused.code == .misuse && refused.message.contains(".plus"))
        }
        let opened = try #require(throws: SQLError.self) { try SQLContext(path: uri, flags: [.readWrite, .create, .uri]) }
        #expect(opened.message.contains(".plus") && !(opened.description + opened.debugDescription).contains(Self.secret), "\(opened)")
    }

    @Test func aMistypedKeyPragmaFailsWithoutShowingTheKey() throws {
        let context = SQLContext(configuration: .plus)
        for sql in ["PRAGMA\u{A0}key = '\(Self.secret)'", "PRAGMA keyy = '\(Self.secret)' junk", "ATTACH x KEYS '\(Self.secret)", "ATTACH xyz AS x KEY '\(Self.secret)' junk", "PRAGMA xkey = '\(Self.secret)' junk"] {
            let error = try #require(throws: SQLError.self, "\(sql)") { try context.execute(script: sql) }
            #expect(!(error.description + error.debugDescription).contains(Self.secret), "\(error)")
        }
    }

    @Test func noErrorTextShowsAKey() throws {
        let context = SQLContext(configuration: .plus)
        let failing = [
            "ATTACH ':memory:' AS main KEY '\(Self.secret)'",
            "PRAGMA key = '\(Self.secret)' '\(Self.secret)'",
            "PRAGMA \"key\" = \(Self.secret)!",
        ]
        for sql in failing {
            let error = try #require(throws: SQLError.self, "\(sql)") { try context.execute(script: sql) }
            #expect(!(error.description + error.debugDescription).contains(Self.secret), "\(error)")
            #expect(!(error.sql ?? "").contains(Self.secret) && !error.message.contains(Self.secret))
            #expect(!error.localizedDescription.contains(Self.secret))
        }
        // An error made by hand from a key statement is redacted the same way.
        let made = SQLError(code: .error, message: #"near "\#(Self.secret)": syntax error"#, sql: "PRAGMA key = \(Self.secret)")
        #expect(!(made.description + made.debugDescription).contains(Self.secret))
        #expect(made.debugDescription.contains("PRAGMA key = '<redacted>'"))
    }

    /// A prepared statement works out how its errors show it once and keeps that: each failure
    /// of it shows the same redacted text, and a statement that only names a column `key` is
    /// shown in full.
    @Test func aStatementThatFailsAgainShowsTheSameRedactedErrors() throws {
        let directory = try TemporaryDirectory()
        let notADatabase = directory.path("notes.txt")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: URL(fileURLWithPath: notADatabase))
        let context = SQLContext(configuration: .plus)
        let attach = try context.prepare(sql: "ATTACH ? AS other KEY '\(Self.secret)'")
        var errors: [SQLError] = []
        for _ in 0..<3 {
            try attach.bind(.text(notADatabase), at: 1)
            errors.append(try #require(throws: SQLError.self) { try attach.next() })
        }
        #expect(Set(errors).count == 1, "\(errors)")
        #expect(errors[0].sql == "ATTACH ? AS other KEY '<redacted>'")
        #expect(!(errors[0].description + errors[0].debugDescription).contains(Self.secret))
        try attach.close()

        try context.exec(sql: "CREATE TABLE model (key TEXT UNIQUE)")
        let insert = try context.prepare(sql: "INSERT INTO model(key) VALUES (?)")
        try insert.bind(.text("a"), at: 1)
        _ = try insert.next()
        for _ in 0..<2 {
            try insert.bind(.text("a"), at: 1)
            let error = try #require(throws: SQLError.self) { try insert.next() }
            #expect(error.sql == "INSERT INTO model(key) VALUES (?)")
            #expect(error.message == "UNIQUE constraint failed: model.key")
            #expect(error.extendedCode == .constraintUnique)
        }
        try insert.close()
    }

    @Test func anEngineThatDoesNotEncryptRefusesKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("plain.db")
        let context = try SQLContext(path: path)
        try context.exec(sql: "CREATE TABLE t (v)")
        // `textkey` only here: SQLCipher 4.6.1 itself leaks 4.6 KB when a textkey pragma fails,
        // which LeakSanitizer would report under `make sanitize`.
        let more = ["ATTACH '\(directory.path("a.db"))' AS a KEY '\(Self.secret)'", "CREATE TABLE u (v); PRAGMA key = 'x'", "PRAGMA textkey = '\(Self.secret)'"]
        for sql in Self.spellings + more {
            let error = try #require(throws: SQLError.self, "\(sql)") { try context.execute(script: sql) }
            #expect(error.code == .misuse)
            #expect(error.message.contains(".plus"), "\(error)")
            #expect(!(error.description + error.debugDescription).contains(Self.secret))
        }
        #expect(throws: SQLError.self) { try context.prepare(sql: "PRAGMA key = 'x'") }
        #expect(throws: SQLError.self) { try context.selectAll(sql: "PRAGMA rekey = 'x'") }
        let keyCall = try #require(throws: SQLError.self) { try context.key("x") }
        #expect(keyCall.message.contains(".plus"))
        // Nothing was encrypted, and nothing claims it was: the file is still plain SQLite.
        try context.exec(sql: "INSERT INTO t VALUES ('clear')")
        try context.close()
        #expect(try sqlite3(path, "SELECT v FROM t") == "clear\n")
        // Pragmas that merely contain "key" still run.
        let other = SQLContext(configuration: .platform)
        #expect(try other.selectAll(sql: "PRAGMA foreign_keys") == [[0]])
    }
}
