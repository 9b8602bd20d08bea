import PortableSQL
import PortableSQLTestSupport
import Testing

/// SQLite keeps `user_version` in 32 signed bits: a larger version is refused, never cut.
@Suite struct UserVersionRangeTests {
    @Test func aMigrationVersionAbove32BitsIsRefusedBeforeAnyStepRuns() throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("dated.db"))
        defer { try? context.close() }
        let steps = [
            SQLMigration(version: 1, sql: "CREATE TABLE first (x)"),
            SQLMigration(version: 20_241_125_120_000, sql: "CREATE TABLE dated (x)"),
        ]
        let error = try #require(throws: SQLError.self) { try context.migrate(steps) }
        #expect(error.resultCode == .misuse)
        #expect(error.message.contains("20241125120000") && error.message.contains("2147483647"), "\(error.message)")
        #expect(try context.getUserVersion() == 0)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM sqlite_master") == [[0]])
    }

    @Test func setUserVersionRefusesAValueSQLiteWouldCut() throws {
        let context = try SQLContext(path: nil)
        defer { try? context.close() }
        try context.setUserVersion(5)
        let error = try #require(throws: SQLError.self) { try context.setUserVersion(1 << 40) }
        #expect(error.resultCode == .misuse)
        #expect(error.message.contains("2147483647"), "\(error.message)")
        #expect(try context.getUserVersion() == 5)
        for version in [Int64(Int32.max), Int64(Int32.min), 0] {
            try context.setUserVersion(version)
            #expect(try context.getUserVersion() == version)
        }
        #expect(SQLContext.userVersionRange == Int64(Int32.min)...Int64(Int32.max))
    }

    @Test func theUserVersionPropertyKeepsItsValueWhenGivenOneTooLarge() throws {
        let context = try SQLContext(path: nil)
        defer { try? context.close() }
        context.userVersion = 7
        context.userVersion = 1 << 40
        #expect(context.userVersion == 7)
        context.userVersion = -(1 << 33)
        #expect(context.userVersion == 7)
    }
}
