import Foundation
import Logging
import PortableSQL
import PortableSQLServer
import Testing

/// A context's statements, slow statements and errors reach the logger with their metadata.
@Suite struct StatementLoggingTests {
    /// Runs for tens of milliseconds on any machine: a million rows made by a recursive CTE.
    static let slowSQL = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT count(*) FROM c"

    /// A context logging to `capture` with `threshold`, that has made a table and run the CTE.
    func loggedRun(threshold: Duration?, level: Logger.Level = .trace, capture: LogCapture) throws {
        let context = try SQLContext(path: nil)
        defer { try? context.close() }
        context.logStatements(to: SQLLogging(logger: capture.logger(level: level), label: "library", slowStatementThreshold: threshold))
        try context.exec(sql: "CREATE TABLE book (title TEXT NOT NULL)")
        try context.exec(sql: "INSERT INTO book VALUES (?)", parameters: ["Kindred"])
        #expect(try context.selectAll(sql: Self.slowSQL) == [[1_000_000]])
    }

    @Test func everyStatementIsLoggedWithTheDatabaseAndItsDuration() throws {
        let capture = LogCapture()
        try loggedRun(threshold: .seconds(3600), capture: capture)
        let lines = capture.lines
        #expect(lines.map(\.message) == ["CREATE TABLE book (title TEXT NOT NULL)", "INSERT INTO book VALUES ('Kindred')", Self.slowSQL])
        #expect(lines.allSatisfy { $0.level == .debug && $0.metadata[SQLLogging.databaseKey] == "library" })
        let durations = lines.compactMap { $0.metadata[SQLLogging.durationKey].flatMap(Double.init) }
        #expect(durations.count == 3)
        // SQLite's clock counts whole milliseconds; a million rows take more than one.
        #expect(durations[2] >= 1, "\(durations)")
    }

    @Test func aZeroThresholdMakesEveryStatementSlowAndAHighOneNone() throws {
        let everything = LogCapture()
        try loggedRun(threshold: .zero, capture: everything)
        #expect(everything.lines.count == 3)
        #expect(everything.lines.allSatisfy { $0.level == .warning && $0.message.hasPrefix("slow statement: ") })
        #expect(everything.lines.last?.message == "slow statement: \(Self.slowSQL)")

        let nothing = LogCapture()
        try loggedRun(threshold: .seconds(3600), capture: nothing)
        #expect(nothing.lines.count == 3)
        #expect(!nothing.lines.contains { $0.level == .warning || $0.message.hasPrefix("slow") })

        let none = LogCapture()
        try loggedRun(threshold: nil, capture: none)
        #expect(none.lines.map(\.level) == [.debug, .debug, .debug])
    }

    @Test func aLoggerAtInfoKeepsOnlyTheSlowStatements() throws {
        let quiet = LogCapture()
        try loggedRun(threshold: .seconds(3600), level: .info, capture: quiet)
        #expect(quiet.lines.isEmpty, "\(quiet.lines)")

        let slowOnly = LogCapture()
        try loggedRun(threshold: .zero, level: .info, capture: slowOnly)
        #expect(slowOnly.lines.map(\.level) == [.warning, .warning, .warning])
    }

    @Test func errorsAreLoggedWithTheirCodeAndStatement() throws {
        let capture = LogCapture()
        let logging = SQLLogging(logger: capture.logger(level: .error), label: "library")
        let context = try SQLContext(path: nil)
        defer { try? context.close() }
        context.logStatements(to: logging)
        try context.exec(sql: "CREATE TABLE book (title TEXT NOT NULL)")
        let error = try #require(throws: SQLError.self) {
            try logging.loggingErrors { try context.exec(sql: "INSERT INTO book VALUES (NULL)") }
        }
        #expect(error.extendedCode == .constraintNotNull)
        #expect(throws: SQLError.self) { try logging.loggingErrors { try context.exec(sql: "SELEKT 1") } }
        // The app's own errors are not the database's.
        struct AppError: Error {}
        #expect(throws: AppError.self) { try logging.loggingErrors { throw AppError() } }

        let lines = capture.lines
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.level == .error && $0.metadata[SQLLogging.databaseKey] == "library" })
        #expect(lines.map { $0.metadata[SQLLogging.errorCodeKey] } == ["SQLITE_CONSTRAINT_NOTNULL", "SQLITE_ERROR"])
        #expect(lines.first?.message == "SQLITE_CONSTRAINT_NOTNULL: NOT NULL constraint failed: book.title")
        #expect(lines.first?.metadata[SQLLogging.statementKey] == "INSERT INTO book VALUES (NULL)")
        #expect(lines.last?.message.contains("syntax error") == true)
    }

    @Test func valuesStayOutOfTheLogWhenTheConfigurationHidesThem() throws {
        let capture = LogCapture()
        let context = try SQLContext(path: nil, configuration: .platform.strict(.hiddenValuesInTrace))
        defer { try? context.close() }
        context.logStatements(to: SQLLogging(logger: capture.logger(), label: "private"))
        try context.exec(sql: "CREATE TABLE patient (name TEXT)")
        try context.exec(sql: "INSERT INTO patient VALUES (?)", parameters: ["Ada Lovelace"])
        #expect(capture.lines.last?.message == "INSERT INTO patient VALUES (?)")
        #expect(!capture.allText.contains("Ada"))
    }
}
