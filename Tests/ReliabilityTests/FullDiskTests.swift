import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// A database capped by `PRAGMA max_page_count` behaves as on a full disk.
@Suite struct FullDiskTests {
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
