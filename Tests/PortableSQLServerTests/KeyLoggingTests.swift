import Foundation
import Logging
import PortableSQLPlus
import PortableSQLServer
import PortableSQLTestSupport
import ServiceLifecycle
import Testing

/// No log line, statement or error, ever carries an encryption key (SQLCipher 4, `.plus`).
@Suite struct KeyLoggingTests {
    static let secret = "server-s3cret-passphrase"

    @Test func aKeyNeverReachesTheLog() async throws {
        let directory = try TemporaryDirectory()
        let capture = LogCapture()
        // A zero threshold: every statement is logged, at the slow level, on top of the errors.
        let logging = SQLLogging(logger: capture.logger(), label: "vault", slowStatementThreshold: .zero)

        // A database encrypted under another key, to attach with the wrong one.
        let other = try SQLContext(path: directory.path("other.db"), configuration: .plus)
        try other.key("another-key")
        try other.exec(sql: "CREATE TABLE t (v)")
        try other.close()

        let context = try SQLContext(path: directory.path("vault.db"), configuration: .plus)
        context.logStatements(to: logging)
        try logging.loggingErrors {
            try context.exec(sql: "PRAGMA key = '\(Self.secret)'")
            try context.exec(sql: "CREATE TABLE note (body TEXT)")
            try context.exec(sql: "PRAGMA rekey = '\(Self.secret)-2'")
            try context.exec(sql: "ATTACH DATABASE ? AS fresh KEY ?", parameters: [.text(directory.path("fresh.db")), .text(Self.secret)])
        }
        let wrongKey = try #require(throws: SQLError.self) {
            try logging.loggingErrors { try context.exec(sql: "ATTACH '\(directory.path("other.db"))' AS other KEY '\(Self.secret)'") }
        }
        #expect(wrongKey.code == .notADatabase)
        #expect(throws: SQLError.self) { try logging.loggingErrors { try context.exec(sql: "PRAGMA key = '\(Self.secret)") } }
        try context.close()

        // A pool keyed with the secret, every connection logging.
        let pool = try SQLContextPool(
            path: directory.path("pool.db"), key: .passphrase(Self.secret), prepareConnection: logging.loggingStatements())
        let service = SQLContextPoolService(pool: pool, logging: logging)
        try await service.write { db in try db.exec(sql: "CREATE TABLE IF NOT EXISTS note (body TEXT)") }
        try await service.write { db in try db.exec(sql: "INSERT INTO note VALUES (?)", parameters: ["hello"]) }
        #expect(try await service.read { db in try db.selectAll(sql: "SELECT body FROM note") } == [["hello"]])
        await #expect(throws: SQLError.self) { try await service.write { db in try db.exec(sql: "PRAGMA rekey = '\(Self.secret)") } }
        try pool.close()

        let text = capture.allText
        #expect(!text.contains(Self.secret), "the key is in the log:\n\(text)")
        #expect(!text.contains("s3cret"))
        // The key statements were logged, redacted, and the errors with their codes.
        let lines = capture.lines
        #expect(lines.filter { $0.message.contains("'<redacted>'") }.count >= 3, "\(text)")
        #expect(lines.contains { $0.metadata[SQLLogging.errorCodeKey] == "SQLITE_NOTADB" })
        #expect(lines.filter { $0.level == .error }.count == 3, "\(text)")
        #expect(lines.contains { $0.message.contains("INSERT INTO note VALUES ('hello')") })
    }
}

extension KeyLoggingTests {
    @Test(.timeLimit(.minutes(1))) func aPoolPathWithAURIKeyIsLoggedWithoutIt() async throws {
        let directory = try TemporaryDirectory()
        let capture = LogCapture()
        let logging = SQLLogging(logger: capture.logger(level: .info), label: "vault")
        let path = "file:\(directory.path("uri.db"))?key=\(Self.secret)"
        let pool = try SQLContextPool(path: path, configuration: .plus)
        let service = SQLContextPoolService(pool: pool, logging: logging)
        try await service.write { db in try db.exec(sql: "CREATE TABLE note (body TEXT)") }
        let group = ServiceGroup(services: [service], logger: capture.logger(level: .info))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        let text = capture.allText
        #expect(text.contains("closed the pool of file:"), "\(text)")
        #expect(text.contains("key=<redacted>"), "\(text)")
        #expect(!text.contains(Self.secret), "\(text)")
    }
}
