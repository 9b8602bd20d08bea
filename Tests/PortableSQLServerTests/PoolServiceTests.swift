import Foundation
import Logging
import PortableSQL
import PortableSQLServer
import PortableSQLTestSupport
import ServiceLifecycle
import Testing

/// The pool as a service: a graceful shutdown closes it and checkpoints the WAL, an unfinished
/// checkpoint is logged and still stops cleanly, and a cancelled run closes it too.
@Suite struct PoolServiceTests {
    /// A pool on `name` in `directory` with a table `note`, logged to `capture`, as a service.
    func makeService(_ directory: TemporaryDirectory, _ name: String, _ capture: LogCapture) async throws -> SQLContextPoolService {
        let logging = SQLLogging(logger: capture.logger(level: .info), label: name)
        let pool = try SQLContextPool(path: directory.path(name), prepareConnection: logging.loggingStatements())
        let service = SQLContextPoolService(pool: pool, logging: logging)
        try await service.write { db in try db.exec(sql: "CREATE TABLE note (body TEXT NOT NULL)") }
        return service
    }

    /// Checks that `pool` refuses work and that a fresh connection reads `expected` notes.
    func expectClosed(_ pool: SQLContextPool, notes expected: Int) async throws {
        #expect(pool.isPoolClosed)
        let refused = await #expect(throws: SQLError.self) { try await pool.read { db in try db.selectAll(sql: "SELECT 1") } }
        #expect(refused?.resultCode == .misuse)
        let fresh = try SQLContext(path: pool.path)
        defer { try? fresh.close() }
        #expect(try fresh.selectAll(sql: "SELECT count(*) FROM note") == [[.long(Int64(expected))]])
    }

    /// The size of the WAL beside `path`; `nil` when there is none.
    func walSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int
    }

    @Test(.timeLimit(.minutes(1))) func aGracefulShutdownClosesThePoolAndCheckpointsTheWAL() async throws {
        let directory = try TemporaryDirectory()
        let capture = LogCapture()
        let service = try await makeService(directory, "notes.db", capture)
        let group = ServiceGroup(services: [service], logger: capture.logger(level: .info))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for index in 1...50 {
                try await service.write { db in try db.exec(sql: "INSERT INTO note VALUES (?)", parameters: [.text("note \(index)")]) }
            }
            // The writes went to the WAL; nothing has been checkpointed yet.
            #expect((walSize(service.pool.path) ?? 0) > 0)
            #expect(!service.pool.isPoolClosed)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let size = walSize(service.pool.path)
        #expect(size == nil || size == 0, "WAL of \(size ?? 0) bytes left")
        try await expectClosed(service.pool, notes: 50)
        let infos = capture.lines.filter { $0.level == .info }.map(\.message)
        #expect(infos.contains { $0.hasPrefix("closing the pool of") && $0.hasSuffix("(graceful shutdown)") }, "\(infos)")
        #expect(infos.contains { $0.hasPrefix("closed the pool of") && $0.contains("checkpointed") }, "\(infos)")
        // An engine with SQLite's WAL-reset bug is named when the service starts.
        let notices = capture.lines.filter { $0.level == .notice }.map(\.message)
        let warning = SQLContext().walResetBugWarning
        #expect(notices.contains { $0.hasPrefix("the pool of ") && $0.hasSuffix(": \(warning ?? "")") } == (warning != nil), "\(notices)")
    }

    @Test(.timeLimit(.minutes(1))) func aCheckpointKeptFromFinishingIsLoggedAndTheServiceStillStops() async throws {
        let directory = try TemporaryDirectory()
        let capture = LogCapture()
        let service = try await makeService(directory, "busy.db", capture)
        try await service.write { db in try db.exec(sql: "INSERT INTO note VALUES ('first')") }
        // A connection outside the pool reads from an older snapshot than the last write.
        let outsider = try SQLContext(path: service.pool.path)
        try outsider.exec(sql: "BEGIN")
        #expect(try outsider.selectAll(sql: "SELECT count(*) FROM note") == [[1]])
        try await service.write { db in try db.exec(sql: "INSERT INTO note VALUES ('second')") }

        let group = ServiceGroup(services: [service], logger: capture.logger(level: .info))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        // A loaded machine may add slow-statement warnings; the checkpoint's is the one sought.
        let warning = try #require(capture.lines.first { $0.level == .warning && !$0.message.hasPrefix("slow statement") }, "\(capture.lines)")
        #expect(warning.metadata[SQLLogging.errorCodeKey] == "SQLITE_BUSY")
        #expect(warning.message.contains("nothing is lost"))
        try outsider.exec(sql: "COMMIT")
        try outsider.close()
        try await expectClosed(service.pool, notes: 2)
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledRunClosesThePoolAndSaysItWasCancelled() async throws {
        let directory = try TemporaryDirectory()
        let capture = LogCapture()
        let service = try await makeService(directory, "cancelled.db", capture)
        try await service.write { db in try db.exec(sql: "INSERT INTO note VALUES ('kept')") }
        let run = Task { try await service.run() }
        // The run waits for a shutdown that never comes, until it is cancelled.
        try await Task.sleep(for: .milliseconds(50))
        #expect(!service.pool.isPoolClosed)
        run.cancel()
        let outcome = await run.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        try await expectClosed(service.pool, notes: 1)
        #expect(capture.lines.contains { $0.message.hasSuffix("(cancelled)") }, "\(capture.lines)")
    }

    @Test func errorsOfReadsAndWritesAreLoggedWithTheirCode() async throws {
        let directory = try TemporaryDirectory()
        let capture = LogCapture()
        let service = try await makeService(directory, "errors.db", capture)
        let error = await #expect(throws: SQLError.self) {
            try await service.write { db in try db.exec(sql: "INSERT INTO note VALUES (NULL)") }
        }
        #expect(error?.extendedCode == .constraintNotNull)
        await #expect(throws: SQLError.self) { try await service.read { db in try db.selectAll(sql: "SELECT missing FROM note") } }
        try service.pool.close()
        let errors = capture.lines.filter { $0.level == .error }
        #expect(errors.map { $0.metadata[SQLLogging.errorCodeKey] } == ["SQLITE_CONSTRAINT_NOTNULL", "SQLITE_ERROR"], "\(capture.lines)")
        #expect(errors.allSatisfy { $0.metadata[SQLLogging.databaseKey] == "errors.db" })
        #expect(errors.first?.metadata[SQLLogging.statementKey] == "INSERT INTO note VALUES (NULL)")
    }
}
