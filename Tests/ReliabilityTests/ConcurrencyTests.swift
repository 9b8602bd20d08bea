import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// Several processes write one file in WAL mode.
@Suite struct ConcurrencyTests {
    func start(_ helper: String, _ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: helper)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    func finish(_ child: (Process, Pipe)) -> (status: Int32, lines: [String]) {
        let data = child.1.fileHandleForReading.readDataToEndOfFile()
        child.0.waitUntilExit()
        return (child.0.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test func writersWithABusyTimeoutAllLand() throws {
        let helper = try builtProduct("PortableSQLTestHelper")
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.db")
        let setup = try SQLContext(path: path)
        _ = try setup.selectAll(sql: "PRAGMA journal_mode = WAL")
        try setup.exec(sql: "CREATE TABLE written (writer TEXT NOT NULL, number INTEGER NOT NULL)")
        try setup.close()
        let rows = 150 * soakFactor()
        let writers = try (1...3).map { try start(helper, ["writer", path, "\(rows)", "10000", "w\($0)"]) }
        for writer in writers {
            let (status, lines) = finish(writer)
            #expect(status == 0)
            #expect(lines.last == "done \(rows)")
            #expect(!lines.contains { $0.hasPrefix("busy") }, "SQLITE_BUSY reached the caller within the timeout")
        }
        let check = try SQLContext(path: path)
        #expect(try check.selectAll(sql: "SELECT writer, count(*), count(DISTINCT number) FROM written GROUP BY writer ORDER BY writer") ==
            (1...3).map { [.text("w\($0)"), .long(Int64(rows)), .long(Int64(rows))] })
        #expect(try check.selectAll(sql: "PRAGMA integrity_check") == [["ok"]])
    }

    @Test func withoutATimeoutContentionIsAClearError() throws {
        let helper = try builtProduct("PortableSQLTestHelper")
        let directory = try TemporaryDirectory()
        let path = directory.path("contended.db")
        let holder = try SQLContext(path: path)
        _ = try holder.selectAll(sql: "PRAGMA journal_mode = WAL")
        try holder.exec(sql: "CREATE TABLE written (writer TEXT NOT NULL, number INTEGER NOT NULL)")
        try holder.exec(sql: "BEGIN IMMEDIATE")
        try holder.exec(sql: "INSERT INTO written VALUES ('holder', 0)")
        let writer = try start(helper, ["writer", path, "5", "0", "child"])
        Thread.sleep(forTimeInterval: 0.3)
        try holder.exec(sql: "COMMIT")
        let (status, lines) = finish(writer)
        #expect(status == 0)
        #expect(lines.contains { $0.hasPrefix("busy SQLITE_BUSY") }, "\(lines)")
        #expect(lines.last == "done 5")
        #expect(try holder.selectAll(sql: "SELECT writer, count(*) FROM written GROUP BY writer ORDER BY writer") == [["child", 5], ["holder", 1]])
    }
}
