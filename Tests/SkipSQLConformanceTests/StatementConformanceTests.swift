import Foundation
import PortableSQLCodable
import Testing

// SQLStatement and the statement-level errors, with SkipSQL's Int32 indexes and counts.
@Suite struct StatementConformanceTests {
    @Test func preparingBindingStepping() throws {
        let db = SQLContext(configuration: .platform)
        try db.exec(sql: "CREATE TABLE T (I INTEGER, R REAL, S TEXT, B BLOB, N)")
        let insert: SQLStatement = try db.prepare(sql: "INSERT INTO T VALUES (?, ?, ?, :b, ?)") // ⟦SQLStatement⟧ ⟦SQLContext.prepare(sql:)⟧
        let parameterCount: Int32 = insert.parameterCount // ⟦SQLStatement.parameterCount⟧
        let names: [String?] = insert.parameterNames // ⟦SQLStatement.parameterNames⟧
        #expect(parameterCount == 5 && names == [nil, nil, nil, ":b", nil])
        try insert.bind(.long(1), at: 1) // ⟦SQLStatement.bind(_:at:)⟧
        try insert.bind(parameters: [.long(1), .real(1.5), .text("s"), .blob(Data([1, 2])), .null]) // ⟦SQLStatement.bind(parameters:)⟧
        try insert.update(parameters: []) // ⟦SQLStatement.update(parameters:)⟧
        try insert.update(parameters: [.long(2), .real(2.5), .text("t"), .blob(Data([3])), .null])
        let sql: String = insert.sql // ⟦SQLStatement.sql⟧
        #expect(sql == "INSERT INTO T VALUES (?, ?, ?, :b, ?)")
        do { try insert.close() } catch { Issue.record("close threw \(error)") } // ⟦SQLStatement.close()⟧
        let closed: Bool = insert.isClosed // ⟦SQLStatement.isClosed⟧
        #expect(closed)

        let select = try db.prepare(sql: "SELECT I, R, S, B, N FROM T ORDER BY I")
        let columnCount: Int32 = select.columnCount // ⟦SQLStatement.columnCount⟧
        let columnNames: [String] = select.columnNames // ⟦SQLStatement.columnNames⟧
        let columnTypes: [String] = select.columnTypes // ⟦SQLStatement.columnTypes⟧
        #expect(columnCount == 5 && columnNames == ["I", "R", "S", "B", "N"] && columnTypes == ["INTEGER", "REAL", "TEXT", "BLOB", ""])
        let hasRow: Bool = try select.next() // ⟦SQLStatement.next()⟧
        #expect(hasRow)
        let index: Int32 = 0
        let type: SQLType = select.type(at: index) // ⟦SQLStatement.type(at:)⟧
        let long: Int64 = select.long(at: 0) // ⟦SQLStatement.long(at:)⟧
        let real: Double = select.real(at: 1) // ⟦SQLStatement.real(at:)⟧
        let text: String? = select.text(at: 2) // ⟦SQLStatement.text(at:)⟧
        let blob: Data? = select.blob(at: 3) // ⟦SQLStatement.blob(at:)⟧
        let value: SQLValue = select.value(at: 4) // ⟦SQLStatement.value(at:)⟧
        #expect(type == .long && long == 1 && real == 1.5 && text == "s" && blob == Data([1, 2]) && value == .null)
        let row: [SQLValue] = select.rowValues() // ⟦SQLStatement.rowValues()⟧
        let strings: [String?] = select.stringValues() // ⟦SQLStatement.stringValues()⟧
        #expect(row == [.long(1), .real(1.5), .text("s"), .blob(Data([1, 2])), .null])
        #expect(strings == ["1", "1.5", "s", "\u{1}\u{2}", nil])
        let next: [SQLValue]? = try select.nextValues(close: false) // ⟦SQLStatement.nextValues(close:)⟧
        #expect(next?.first == .long(2))
        #expect(try select.nextValues(close: true) == nil)
        select.reset() // ⟦SQLStatement.reset()⟧
        try select.close()
        try db.close()
    }

    @available(*, deprecated, message: "uses SkipSQL's deprecated readers")
    @Test func deprecatedReadersStillRead() throws {
        let db = SQLContext(configuration: .platform)
        let statement = try db.prepare(sql: "SELECT 7, 2.5, 'x'")
        #expect(try statement.next())
        let integer: Int64 = statement.integer(at: 0) // ⟦SQLStatement.integer(at:)⟧
        let double: Double = statement.double(at: 1) // ⟦SQLStatement.double(at:)⟧
        let string: String? = statement.string(at: 2) // ⟦SQLStatement.string(at:)⟧
        #expect(integer == 7 && double == 2.5 && string == "x")
        try statement.close()
        try db.close()
    }

    @Test func errorsCarrySkipSQLsFields() throws {
        let db = SQLContext(configuration: .platform)
        do {
            try db.exec(sql: "SELECT * FROM NOWHERE")
            Issue.record("no error")
        } catch let error as SQLError { // ⟦SQLError⟧
            let message: String = error.msg // ⟦SQLError.msg⟧
            let code: Int32 = error.code // ⟦SQLError.code⟧
            let description: String = error.description // ⟦SQLError.description⟧
            let localized: String = error.localizedDescription // ⟦SQLError.localizedDescription⟧
            #expect(message == "no such table: NOWHERE" && code == 1)
            #expect(description == "SQLite error code 1: no such table: NOWHERE" && localized == description)
        }
        let made: SQLError = SQLError(msg: "m", code: 5) // ⟦SQLError.init(msg:code:)⟧
        #expect(made.description == "SQLite error code 5: m")
        let internalError: InternalError = InternalError(code: 3) // ⟦InternalError⟧ ⟦InternalError.init(code:)⟧
        let internalCode: Int32 = internalError.code // ⟦InternalError.code⟧
        #expect(internalCode == 3)
        let thrownTypes: [any Error.Type] = [
            SQLContextClosedError.self, SQLStatementCreationError.self, SQLStatementClosedError.self, // ⟦SQLContextClosedError⟧ ⟦SQLStatementCreationError⟧ ⟦SQLStatementClosedError⟧
            SQLNotSupportedError.self, SQLStatementError.self, // ⟦SQLNotSupportedError⟧ ⟦SQLStatementError⟧
        ]
        #expect(thrownTypes.count == 5)
        func describe(_ error: SQLNotSupportedError) -> String? { error.errorDescription } // ⟦SQLNotSupportedError.errorDescription⟧
        func code(of error: SQLStatementError) -> Int32 { error.code } // ⟦SQLStatementError.code⟧
        let done: Int = SQLITE_DONE // ⟦SQLITE_DONE⟧
        let row: Int = SQLITE_ROW // ⟦SQLITE_ROW⟧
        #expect(done == 101 && row == 100)
        try db.close()
    }
}
