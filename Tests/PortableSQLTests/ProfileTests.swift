import Foundation
import PortableSQL
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// `profile(_:)` tells each finished statement with SQLite's running time, shows the text as the
/// trace does (values by strictness, keys never), and lives beside the trace hook.
@Suite struct ProfileTests {
    /// A statement that runs for a while on any machine: a million rows made by a recursive CTE.
    static let slowSQL = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT count(*) FROM c"

    /// Records what a profile hook is told.
    final class Profile {
        var finished: [(duration: Duration, sql: String)] = []

        init(_ context: SQLContext) {
            context.profile { [unowned self] duration, sql in finished.append((duration, sql())) }
        }
    }

    @Test func eachFinishedStatementIsToldWithItsRunningTime() throws {
        let context = try SQLContext(path: nil)
        let profile = Profile(context)
        try context.exec(sql: "CREATE TABLE t (v)")
        try context.exec(sql: "INSERT INTO t VALUES (?)", parameters: ["it's"])
        let start = ContinuousClock.now
        #expect(try context.selectAll(sql: Self.slowSQL) == [[1_000_000]])
        let elapsed = ContinuousClock.now - start
        #expect(profile.finished.map(\.sql) == ["CREATE TABLE t (v)", "INSERT INTO t VALUES ('it''s')", Self.slowSQL])
        let slow = try #require(profile.finished.last).duration
        // SQLite's clock counts whole milliseconds; the CTE takes tens of them.
        #expect(slow >= .milliseconds(1), "\(slow)")
        #expect(slow <= elapsed + .milliseconds(2), "\(slow) measured against \(elapsed)")
        #expect(profile.finished.dropLast().allSatisfy { $0.duration >= .zero })
    }

    @Test func aStatementLeftUnfinishedIsToldWhenItIsReset() throws {
        let context = try SQLContext(path: nil)
        let profile = Profile(context)
        let statement = try context.prepare(sql: "SELECT 1 UNION ALL SELECT 2")
        #expect(try statement.next())
        #expect(profile.finished.isEmpty)
        statement.reset()
        #expect(profile.finished.map(\.sql) == ["SELECT 1 UNION ALL SELECT 2"])
        try statement.close()
    }

    @Test func valuesAreHiddenWhenStrict() throws {
        let context = try SQLContext(path: nil, configuration: .platform.strict(.hiddenValuesInTrace))
        let profile = Profile(context)
        try context.exec(sql: "CREATE TABLE t (v)")
        try context.exec(sql: "INSERT INTO t VALUES (?)", parameters: ["private"])
        #expect(profile.finished.map(\.sql) == ["CREATE TABLE t (v)", "INSERT INTO t VALUES (?)"])
    }

    @Test func traceAndProfileAreSetAndRemovedApart() throws {
        let context = try SQLContext(path: nil)
        let traced = ExecutedSQL(context)
        let profile = Profile(context)
        try context.exec(sql: "SELECT 1")
        traced.stop()
        try context.exec(sql: "SELECT 2")
        let again = ExecutedSQL(context)
        context.profile(nil)
        try context.exec(sql: "SELECT 3")
        #expect(traced.statements == ["SELECT 1"])
        #expect(profile.finished.map(\.sql) == ["SELECT 1", "SELECT 2"])
        #expect(again.statements == ["SELECT 3"])
    }

    @Test func aKeyIsNeverShown() throws {
        let secret = "profile-s3cret"
        let context = SQLContext(configuration: .plus)
        let profile = Profile(context)
        try context.exec(sql: "PRAGMA key = '\(secret)'")
        try context.exec(sql: "CREATE TABLE t (v)")
        #expect(profile.finished.count == 2)
        #expect(profile.finished.first?.sql.contains("'<redacted>'") == true, "\(profile.finished.map(\.sql))")
        #expect(!profile.finished.map(\.sql).joined().contains(secret))
    }

    @Test func aClosedContextTakesNoHook() throws {
        let context = try SQLContext(path: nil)
        try context.close()
        var called = false
        context.profile { _, _ in called = true }
        #expect(throws: SQLError.self) { try context.exec(sql: "SELECT 1") }
        #expect(!called)
    }
}
