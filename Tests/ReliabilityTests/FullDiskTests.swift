import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// A database capped by `PRAGMA max_page_count` behaves as on a full disk; copies are made on
/// a real full disk, a small tmpfs mounted in a private namespace.
@Suite struct FullDiskTests {
    /// Whether a process may mount a file system in a user and mount namespace of its own.
    static let canMountPrivately = (try? run("/usr/bin/unshare", ["--user", "--map-root-user", "--mount", "/bin/true"])) != nil

    @Test(.enabled(if: canMountPrivately), arguments: ["export", "encryptFile", "backup", "vacuum"])
    func copiesOntoAFullDiskReportSQLITE_FULLAndLeaveNothing(how: String) throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("source.db")
        // About 1 MB, four times what the disk holds.
        try sqlite3(source, """
            CREATE TABLE item (payload BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO item SELECT randomblob(500) FROM n;
            """)
        let disk = directory.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let helper = try builtProduct("PortableSQLTestHelper")
        let script = #"mount -t tmpfs -o size=256k tmpfs "$0" && exec "$1" copy "$2" "$3" "$0/copy.db""#
        let output = try run("/usr/bin/unshare", ["--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, disk, helper, how, source])
        #expect(output.hasPrefix("SQLITE_FULL left 0 ") && output.contains("database or disk is full"), "\(output)")
        #expect(try sqlite3(source, "SELECT count(*) FROM item;") == "2000\n")
    }

    @Test(arguments: ["platform", "plus"])
    func outgrowingTheFileRollsBackAndStaysUsable(engine: String) throws {
        let directory = try TemporaryDirectory()
        let context = try SQLContext(path: directory.path("full-\(engine).db"), configuration: engine == "plus" ? .plus : .platform)
        if engine == "plus" { try context.key("full disk") }
        try context.exec(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, payload BLOB)")
        try context.exec(sql: "INSERT INTO item (payload) VALUES (?)", parameters: [.blob(Data(count: 100))])
        let pages = try context.selectAll(sql: "PRAGMA page_count")[0][0].longValue ?? 0
        _ = try context.selectAll(sql: "PRAGMA max_page_count = \(pages + 20)")
        let error = try #require(throws: SQLError.self) {
            try context.transaction {
                for _ in 0..<200 {
                    try context.exec(sql: "INSERT INTO item (payload) VALUES (?)", parameters: [.blob(Data(repeating: 7, count: 2000))])
                }
            }
        }
        #expect(error.code == .full)
        #expect(!context.isInTransaction)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[1]])
        #expect(try context.selectAll(sql: "PRAGMA integrity_check") == [["ok"]])
        // Still usable: small writes fit.
        try context.exec(sql: "INSERT INTO item (payload) VALUES (?)", parameters: [.blob(Data(count: 10))])
        #expect(try context.selectAll(sql: "SELECT count(*) FROM item") == [[2]])
    }
}
