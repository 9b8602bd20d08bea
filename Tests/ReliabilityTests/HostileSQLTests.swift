import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// Thousands of random and mutated SQL strings: each works or throws; the process never crashes.
@Suite struct HostileSQLTests {
    static let corpus = [
        "CREATE TABLE IF NOT EXISTS t (a INTEGER PRIMARY KEY, b TEXT, c REAL, d BLOB)",
        "INSERT INTO t (b, c, d) VALUES ('x', 1.5, x'00ff'), (NULL, -2, NULL)",
        "SELECT a, b, c FROM t WHERE b LIKE '%x%' ORDER BY c DESC LIMIT 5",
        "UPDATE t SET c = c * 2 WHERE a IN (1, 2, 3)",
        "DELETE FROM t WHERE a > 100",
        "SELECT count(*), sum(c), group_concat(b, ',') FROM t GROUP BY b HAVING count(*) > 0",
        "SELECT * FROM t AS l JOIN t AS r ON l.a = r.a",
        "CREATE INDEX IF NOT EXISTS t_b ON t (b)",
        "SELECT CASE WHEN a % 2 THEN 'odd' ELSE 'even' END, length(b), hex(d) FROM t",
        "BEGIN; INSERT INTO t (b) VALUES ('in tx'); COMMIT",
        "SELECT ?, ?, :name",
        "SELECT 'it''s', \"b\", [c], `d` FROM t",
        "PRAGMA user_version",
        "SELECT substr(b, 2, 3), upper(b), lower(b), trim(b), replace(b, 'x', 'y') FROM t",
        "CREATE VIEW IF NOT EXISTS v AS SELECT a, b FROM t",
        "SELECT a FROM t UNION ALL SELECT a FROM t EXCEPT SELECT 1",
        "SAVEPOINT s; ROLLBACK TO s; RELEASE s",
        "SELECT -- comment\n 1 /* block */",
    ]

    static let fragments = ["'", "\"", "(", ")", ";", ",", "--", "/*", "*/", "?", ":x", "@y", "$z", "SELECT", "FROM", "WHERE",
                            "NULL", "x'", "0x", "\u{0}", "é", "🎉", "\\", "%", "AND", "OR", "NOT", "ORDER BY", "LIMIT", "*", "=", "<>"]

    static func mutate(_ sql: String, _ random: inout SeededGenerator) -> String {
        var scalars = Array(sql.unicodeScalars)
        for _ in 0..<Int(1 + random.next() % 4) {
            let position = scalars.isEmpty ? 0 : Int(random.next() % UInt64(scalars.count + 1))
            switch random.next() % 4 {
            case 0 where !scalars.isEmpty && position < scalars.count:
                scalars.remove(at: position)
            case 1:
                let fragment = fragments[Int(random.next() % UInt64(fragments.count))]
                scalars.insert(contentsOf: fragment.unicodeScalars, at: position)
            case 2 where !scalars.isEmpty && position < scalars.count:
                scalars[position] = Unicode.Scalar(UInt8(32 + random.next() % 95))
            default:
                let end = min(scalars.count, position + Int(random.next() % 12))
                scalars.insert(contentsOf: scalars[position..<end], at: position)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    static func randomText(_ random: inout SeededGenerator) -> String {
        let length = Int(random.next() % 40)
        return String((0..<length).map { _ in Character(Unicode.Scalar(UInt8(random.next() % 128))) })
    }

    @Test func randomAndMutatedSQLNeverCrash() throws {
        let seed = testSeed()
        var random = SeededGenerator(seed: seed)
        let context = try SQLContext(path: nil)
        try context.exec(sql: Self.corpus[0])
        try context.exec(sql: Self.corpus[1])
        let count = 5_000 * soakFactor()
        var worked = 0
        var threw = 0
        for number in 0..<count {
            let sql: String
            switch random.next() % 10 {
            case 0: sql = Self.randomText(&random)
            case 1: sql = Self.corpus[Int(random.next() % UInt64(Self.corpus.count))]
            default: sql = Self.mutate(Self.corpus[Int(random.next() % UInt64(Self.corpus.count))], &random)
            }
            do {
                switch number % 3 {
                case 0:
                    try context.exec(sql: sql)
                case 1:
                    let statement = try context.prepare(sql: sql)
                    if statement.parameterCount > 0 { try statement.bind(.text("p"), at: 1) }
                    var rows = 0
                    while rows < 1_000, try statement.next() {
                        _ = statement.rowValues()
                        rows += 1
                    }
                    try statement.close()
                default:
                    _ = try context.selectAll(sql: sql)
                }
                worked += 1
            } catch is SQLError {
                threw += 1
            }
            // Whatever happened, the connection is still usable and not stuck in a transaction.
            if context.isInTransaction { try? context.exec(sql: "ROLLBACK") }
        }
        #expect(worked + threw == count)
        #expect(worked > count / 20, "seed \(seed): almost nothing ran, the mutations are too harsh to test anything")
        #expect(try context.selectAll(sql: "SELECT 1") == [[1]])
        print("hostile SQL: \(count) strings, \(worked) ran, \(threw) threw SQLError, seed \(seed)")
    }
}
