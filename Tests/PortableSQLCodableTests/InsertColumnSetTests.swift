import Foundation
@testable import PortableSQL
@testable import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// Inserts of records that leave different columns out (SkipSQL's rule: a nil is not named, so
/// that the column's DEFAULT applies): each set of columns has one cached INSERT, reused row
/// after row however the sets alternate; a statement running is never handed out again; and a
/// context closed from inside an insert's callback refuses the next insert cleanly.
@Suite struct InsertColumnSetTests {
    /// A reading with nullable columns, written through the row's subscript, as by hand.
    struct Reading: SQLCodable, Equatable {
        var id: Int64
        var label: String
        var value: Double?
        var note: String?
        var data: Data?

        static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
        static let label = SQLColumn(name: "label", type: .text, nullable: false)
        static let value = SQLColumn(name: "value", type: .real)
        static let note = SQLColumn(name: "note", type: .text, defaultValue: .text("none"))
        static let data = SQLColumn(name: "data", type: .blob)
        static let table = SQLTable(name: "reading", columns: [id, label, value, note, data])

        init(id: Int64, label: String, value: Double?, note: String?, data: Data?) {
            (self.id, self.label, self.value, self.note, self.data) = (id, label, value, note, data)
        }

        init(row: SQLRow, context: SQLContext) throws {
            id = try Self.id.longValueRequired(in: row)
            label = try Self.label.textValueRequired(in: row)
            value = Self.value.realValue(in: row)
            note = Self.note.textValue(in: row)
            data = Self.data.blobValue(in: row)
        }

        func encode(row: inout SQLRow) throws {
            row[Self.id] = SQLValue(id)
            row[Self.label] = SQLValue(label)
            row[Self.value] = SQLValue(value)
            row[Self.note] = SQLValue(note)
            row[Self.data] = SQLValue(data)
        }

        /// Reading `number`, with NULLs in one of four patterns, and now and then a text too
        /// large to stay bound after the insert.
        static func sample(_ number: Int64) -> Reading {
            let large = number % 7 == 3 ? String(repeating: "L", count: 10_000) : nil
            switch number % 4 {
            case 0: return Reading(id: number, label: "all \(number)", value: Double(number) / 4, note: large ?? "n\(number)", data: Data([1, 2, UInt8(number & 0xFF)]))
            case 1: return Reading(id: number, label: "no value \(number)", value: nil, note: large ?? "n\(number)", data: Data([UInt8(number & 0xFF)]))
            case 2: return Reading(id: number, label: "no note \(number)", value: Double(number), note: nil, data: nil)
            default: return Reading(id: number, label: large ?? "bare \(number)", value: nil, note: nil, data: nil)
            }
        }
    }

    /// The same reading written by position through `SQLTable`'s readers by position, as `@SQLRecord` writes it.
    struct PositionalReading: SQLCodable {
        var reading: Reading
        static let table = Reading.table

        init(_ reading: Reading) {
            self.reading = reading
        }

        init(row: SQLRow, context: SQLContext) throws {
            reading = try Reading(row: row, context: context)
        }

        func encode(row: inout SQLRow) throws {
            let table = Self.table
            table.setValue(SQLValue(reading.id), at: 0, in: &row)
            table.setValue(SQLValue(reading.label), at: 1, in: &row)
            table.setValue(SQLValue(reading.value), at: 2, in: &row)
            table.setValue(SQLValue(reading.note), at: 3, in: &row)
            table.setValue(SQLValue(reading.data), at: 4, in: &row)
        }
    }

    /// A database file in `directory` with the readings' table.
    private func makeDatabase(in directory: TemporaryDirectory) throws -> SQLContext {
        let db = try SQLContext(path: directory.path("readings.sqlite"))
        try db.createTableIfNotExists(Reading.self)
        return db
    }

    /// What the file holds for `reading`: NULL where it gave nil, and the declared default for
    /// a nil note.
    private func stored(_ reading: Reading) -> [SQLValue] {
        [.long(reading.id), .text(reading.label), reading.value.map(SQLValue.real) ?? .null, .text(reading.note ?? "none"), reading.data.map(SQLValue.blob) ?? .null]
    }

    @Test func rowsWithNullsInDifferentColumnsAreStoredAsGivenWithOneStatementPerSet() throws {
        let directory = try TemporaryDirectory()
        let db = try makeDatabase(in: directory)
        defer { try? db.close() }
        let cached = db.statementCache.count
        let readings = (1...200).map(Reading.sample)
        var returned: [Reading] = []
        try db.transaction {
            for reading in readings {
                returned.append(try db.insert(reading))
            }
        }
        // Four sets of columns, four statements, however the rows alternate between them.
        let layout = ObjectIdentifier(Reading.table.layout)
        for set in [0b11111, 0b11011, 0b00111, 0b00011] {
            #expect(db.statementCache.contains(.derived(layout, variant: set << 2 | RecordStatement.insert.rawValue)))
        }
        let afterFirstRun = db.statementCache.count
        #expect(afterFirstRun > cached)
        // A left-out note comes back with its default, as stored.
        #expect(returned == readings.map { reading in
            var stored = reading
            stored.note = reading.note ?? "none"
            return stored
        })
        let rows = try db.selectAll(sql: "SELECT id, label, value, note, data FROM reading ORDER BY id")
        #expect(rows == readings.map(stored))
        // The same through records written by position, into statements already cached.
        try db.exec(sql: "DELETE FROM reading")
        let beforeSecondRun = db.statementCache.count
        try db.transaction {
            for reading in readings.reversed() {
                try db.insert(PositionalReading(reading))
            }
        }
        #expect(db.statementCache.count == beforeSecondRun)
        #expect(try db.selectAll(sql: "SELECT id, label, value, note, data FROM reading ORDER BY id") == rows)
        // Another connection reads what the file holds.
        let reader = try SQLContext(path: directory.path("readings.sqlite"))
        defer { try? reader.close() }
        #expect(try reader.selectAll(sql: "SELECT id, label, value, note, data FROM reading ORDER BY id") == rows)
    }

    @Test func aLargeTextIsNotKeptBoundAfterTheInsert() throws {
        let directory = try TemporaryDirectory()
        let db = try makeDatabase(in: directory)
        defer { try? db.close() }
        let layout = ObjectIdentifier(Reading.table.layout)
        let allColumns = StatementKey.derived(layout, variant: 0b11111 << 2 | RecordStatement.insert.rawValue)
        /// The cached INSERT of every column, with its bound values written in.
        func boundValues() throws -> String {
            let cached = db.statementCache.statement(for: allColumns)
            let statement = try #require(cached)
            let handle = try #require(statement.currentHandle)
            let expanded = try #require(statement.engine.functions.expandedSql(handle))
            defer { statement.engine.functions.free(expanded) }
            return String(cString: expanded)
        }
        try db.insert(Reading(id: 1, label: "small", value: 1, note: "kept", data: Data([1])))
        // A few bytes of text stay bound until the next row binds over them.
        #expect(try boundValues().contains("'kept'"))
        try db.insert(Reading(id: 2, label: "large", value: 2, note: String(repeating: "L", count: 10_000), data: Data([2])))
        // A large one is let go of at once: every parameter is NULL again.
        #expect(try boundValues() == #"INSERT INTO "reading" ("id", "label", "value", "note", "data") VALUES (NULL, NULL, NULL, NULL, NULL)"#)
        try db.insert(Reading(id: 3, label: "after", value: 3, note: "again", data: Data([3])))
        #expect(try db.selectAll(sql: "SELECT id, length(note) FROM reading ORDER BY id") == [[.long(1), .long(4)], [.long(2), .long(10_000)], [.long(3), .long(5)]])
    }

    @Test func anInsertRunningIsNotHandedItsStatementAgain() throws {
        let directory = try TemporaryDirectory()
        let db = try makeDatabase(in: directory)
        defer { try? db.close() }
        // A trigger of the table calls back into Swift, which inserts a reading of the same set
        // of columns while the first insert's statement is still running.
        try db.createFunction("insert_echo", argumentCount: 1) { arguments in
            let id = arguments[0].longValue ?? 0
            try db.insert(Reading(id: id + 1_000, label: "echo \(id)", value: 1, note: "echo", data: nil))
            return .null
        }
        try db.exec(sql: "CREATE TRIGGER echo AFTER INSERT ON reading WHEN NEW.id < 1000 BEGIN SELECT insert_echo(NEW.id); END")
        for id in 1...3 as ClosedRange<Int64> {
            try db.insert(Reading(id: id, label: "first \(id)", value: 1, note: "first", data: nil))
        }
        #expect(try db.selectAll(sql: "SELECT id, label FROM reading ORDER BY id") == [
            [.long(1), .text("first 1")], [.long(2), .text("first 2")], [.long(3), .text("first 3")],
            [.long(1_001), .text("echo 1")], [.long(1_002), .text("echo 2")], [.long(1_003), .text("echo 3")],
        ])
    }

    @Test func aContextClosedInsideAnInsertRefusesTheNextOne() throws {
        let directory = try TemporaryDirectory()
        let db = try makeDatabase(in: directory)
        // Two sets of columns, so that both statements are cached and recently used.
        try db.insert(Reading(id: 1, label: "one", value: 1, note: "n", data: nil))
        try db.insert(Reading(id: 2, label: "two", value: nil, note: nil, data: nil))
        try db.createFunction("close_now", argumentCount: 0) { _ in
            try db.close()
            return .null
        }
        try db.exec(sql: "CREATE TRIGGER closing AFTER INSERT ON reading WHEN NEW.id = 3 BEGIN SELECT close_now(); END")
        // The insert that closed ran to its end (SQLite had finished it), and closed the context.
        _ = try? db.insert(Reading(id: 3, label: "three", value: 3, note: "n", data: nil))
        #expect(db.isClosed)
        // Both cached statements were finalized with the connection: the next inserts of
        // either set throw, and nothing runs on freed memory.
        for reading in [Reading(id: 4, label: "four", value: 4, note: "n", data: nil), Reading(id: 5, label: "five", value: nil, note: nil, data: nil)] {
            let refused = try #require(throws: SQLError.self) { try db.insert(reading) }
            #expect(refused.code == .misuse && refused.message.contains("is closed"), "\(refused)")
        }
        let reader = try SQLContext(path: directory.path("readings.sqlite"))
        defer { try? reader.close() }
        #expect(try reader.selectAll(sql: "SELECT id FROM reading WHERE id IN (1, 2, 4, 5) ORDER BY id") == [[.long(1)], [.long(2)]])
    }

    @Test func aPositionalWriteIntoAnotherRowGoesByName() throws {
        let table = Reading.table
        var row = SQLRow()
        table.setValue(.text("by name"), at: 1, in: &row)
        table.setValue(.long(7), at: 0, in: &row)
        #expect(row[Reading.label] == .text("by name"))
        #expect(row[Reading.id] == .long(7))
        #expect(row.columns.map(\.name) == ["label", "id"])
        table.setValue(nil, at: 1, in: &row)
        #expect(row[Reading.label] == nil)
        #expect(row.columns.map(\.name) == ["id"])
    }
}
