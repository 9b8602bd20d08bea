import Foundation
import Logging
import PortableSQL
import PortableSQLServer
import PortableSQLTestSupport
internal import PortableSQLSystem
import Testing

/// Every connection of a pool logs: the writer, each reader, and connections opened again.
@Suite struct PoolLoggingTests {
    /// Blocks each caller until `count` callers have arrived (or 10 s have passed).
    final class Barrier: Sendable {
        private let arrived = Locked(0)
        private let count: Int

        init(count: Int) { self.count = count }

        /// Whether all `count` callers arrived in time.
        func arriveAndWait() -> Bool {
            arrived.withLock { $0 += 1 }
            let deadline = Date().addingTimeInterval(10)
            while arrived.withLock({ $0 }) < count {
                if Date() > deadline { return false }
                Thread.sleep(forTimeInterval: 0.001)
            }
            return true
        }
    }

    @Test(.timeLimit(.minutes(1))) func everyConnectionLogsNowAndLater() async throws {
        let directory = try TemporaryDirectory()
        let capture = LogCapture()
        let logging = SQLLogging(logger: capture.logger(), label: "shop")
        let readerCount = 3
        let pool = try SQLContextPool(
            path: directory.path("shop.db"),
            maximumReaderCount: readerCount, prepareConnection: logging.loggingStatements())
        try await pool.write { db in try db.exec(sql: "CREATE TABLE item (name TEXT)") }

        // All readers at once, each held until the others have theirs: three connections.
        let barrier = Barrier(count: readerCount)
        let met = try await withThrowingTaskGroup(of: Bool.self) { group in
            for reader in 1...readerCount {
                group.addTask {
                    try await pool.read { db in
                        _ = try db.selectAll(sql: "SELECT 'reader \(reader)'")
                        return barrier.arriveAndWait()
                    }
                }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(met, "the readers did not run side by side")

        // A writer and a reader that close their own connections: the pool opens new ones.
        await #expect(throws: SQLError.self) { try await pool.write { db in try db.close() } }
        try await pool.write { db in try db.exec(sql: "INSERT INTO item VALUES ('after reopening')") }
        await #expect(throws: SQLError.self) { try await pool.read { db in try db.close() } }
        let readAgain = try await pool.read { db in try db.selectAll(sql: "SELECT 'read after reopening' FROM item") }
        #expect(readAgain == [["read after reopening"]])
        try pool.close()

        let messages = capture.lines.map(\.message)
        for reader in 1...readerCount {
            #expect(messages.contains("SELECT 'reader \(reader)'"), "reader \(reader): \(messages)")
        }
        #expect(messages.contains("PRAGMA journal_mode = WAL"))
        #expect(messages.contains("INSERT INTO item VALUES ('after reopening')"))
        #expect(messages.contains("SELECT 'read after reopening' FROM item"))
        #expect(capture.lines.allSatisfy { $0.metadata[SQLLogging.databaseKey] == "shop" })
    }
}
