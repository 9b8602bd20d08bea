import Foundation
import PortableSQLCodable
import Testing

/// The row handed to `init(row:context:)` reads from the statement in place; these tests pin
/// down what a user can still do with it: keep it, change it, close the context under it.
// Serialized: the tests share `Observed.onRow`.
@Suite(.serialized) struct RowLifetimeTests {
    /// Rows the initializer kept, in reading order.
    final class KeptRows {
        var rows: [SQLRow] = []
    }

    struct Note: SQLCodable, Equatable {
        var id: Int64
        var body: String
        var score: Double?

        static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
        static let body = SQLColumn(name: "body", type: .text, nullable: false)
        static let score = SQLColumn(name: "score", type: .real)
        static let table = SQLTable(name: "note", columns: [id, body, score])

        init(id: Int64, body: String, score: Double?) {
            (self.id, self.body, self.score) = (id, body, score)
        }

        init(row: SQLRow, context: SQLContext) throws {
            id = try Self.id.longValueRequired(in: row)
            body = try Self.body.textValueRequired(in: row)
            score = Self.score.realValue(in: row)
        }

        func encode(row: inout SQLRow) throws {
            row[Self.id] = SQLValue(id)
            row[Self.body] = SQLValue(body)
            if let score { row[Self.score] = SQLValue(score) }
        }
    }

    /// Decodes a `Note` and hands the row to `onRow`, which may keep or change it.
    struct Observed: SQLCodable {
        nonisolated(unsafe) static var onRow: (SQLRow, SQLContext) -> Void = { _, _ in }
        var note: Note
        static let table = Note.table

        init(row: SQLRow, context: SQLContext) throws {
            Self.onRow(row, context)
            note = try Note(row: row, context: context)
        }

        func encode(row: inout SQLRow) throws {
            try note.encode(row: &row)
        }
    }

    let notes = (1...50).map { Note(id: Int64($0), body: "note \($0)", score: $0.isMultiple(of: 3) ? nil : Double($0) / 4) }

    func filledContext() throws -> SQLContext {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Note.self)
        try context.insertAll(notes)
        return context
    }

    @Test func keptRowsKeepTheValuesTheyWereReadWith() throws {
        let context = try filledContext()
        let kept = KeptRows()
        Observed.onRow = { row, _ in kept.rows.append(row) }
        defer { Observed.onRow = { _, _ in } }
        let read = try context.query(Observed.self).orderBy(Note.id).eval().load().map(\.note)
        #expect(read == notes)
        #expect(kept.rows.count == notes.count)
        for (row, note) in zip(kept.rows, notes) {
            #expect(row[Note.id] == .long(note.id))
            #expect(row[Note.body] == .text(note.body))
            #expect(row[Note.score] == (note.score.map(SQLValue.real) ?? .null))
            #expect(try Note(row: row, context: context) == note)
        }
        // A kept row is an ordinary value: it can be changed and compared.
        var first = kept.rows[0]
        first[Note.body] = "changed"
        #expect(first[Note.body] == .text("changed"))
        #expect(kept.rows[0][Note.body] == .text("note 1"))
        #expect(kept.rows[1] == [Note.id: 2, Note.body: "note 2", Note.score: 0.5])
    }

    @Test func aRowChangedInTheInitializerLeavesTheNextRowsAlone() throws {
        let context = try filledContext()
        let kept = KeptRows()
        Observed.onRow = { row, _ in
            var copy = row
            copy[Note.body] = "rewritten"
            copy[SQLColumn(name: "extra", type: .text)] = "x"
            kept.rows.append(copy)
        }
        defer { Observed.onRow = { _, _ in } }
        let read = try context.query(Observed.self).orderBy(Note.id).eval().load().map(\.note)
        #expect(read == notes)
        #expect(kept.rows.allSatisfy { $0[Note.body] == .text("rewritten") && $0.count == 4 })
        #expect(kept.rows.map { $0[Note.id] } == notes.map { .long($0.id) })
    }

    @Test func keptRowsOfBothSidesOfAJoinKeepTheirValues() throws {
        let context = try filledContext()
        let kept = KeptRows()
        Observed.onRow = { row, _ in kept.rows.append(row) }
        defer { Observed.onRow = { _, _ in } }
        let pairs = try context.query(Observed.self, alias: "a").join(Note.self, alias: "b", kind: .cross, on: nil).where(Note.id.alias("a").equals(SQLValue.long(7)))
            .eval().load()
        #expect(pairs.count == notes.count)
        #expect(pairs.allSatisfy { $0.0?.note.id == 7 })
        #expect(Set(pairs.compactMap { $0.1?.id }) == Set(notes.map(\.id)))
        #expect(kept.rows.count == notes.count)
        #expect(kept.rows.allSatisfy { $0[Note.id] == .long(7) && $0[Note.body] == .text("note 7") })
    }

    @Test func closingTheContextInsideTheInitializerFailsThatRowWithoutCrashing() throws {
        let context = try filledContext()
        Observed.onRow = { _, context in try? context.close() }
        defer { Observed.onRow = { _, _ in } }
        var results: [Result<Observed, any Error>] = []
        for result in try context.query(Observed.self).eval() { results.append(result) }
        // The first row is read after its statement is gone: its values read as NULL, which the
        // record refuses; then stepping the closed statement fails, and the cursor ends.
        #expect(results.count == 2)
        let error = try #require(throws: SQLBindingError.self) { try results[0].get() }
        guard case .nullColumn(let column) = error else { Issue.record("not nullColumn: \(error)"); return }
        #expect(column.name == "id")
        #expect(throws: SQLError.self) { try results[1].get() }
        #expect(throws: SQLError.self) { try context.count(Note.self) }
    }

    @Test func aRowAssignedWholeInEncodeIsStoredByColumnName() throws {
        struct Literal: SQLCodable {
            var id: Int64
            static let table = Note.table
            init(id: Int64) { self.id = id }
            init(row: SQLRow, context: SQLContext) throws { id = try Note.id.longValueRequired(in: row) }
            func encode(row: inout SQLRow) throws {
                // Another declaration of the columns, in another order.
                row = [SQLColumn(name: "body", type: .text): "literal", SQLColumn(name: "id", type: .long): .long(id)]
            }
        }
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Note.self)
        try context.insert(Literal(id: 5))
        #expect(try context.fetch(Note.self, id: 5) == Note(id: 5, body: "literal", score: nil))
    }

    @Test func insertsAfterARecordWithMoreColumnsDoNotReuseItsValues() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Note.self)
        try context.insert(Note(id: 1, body: String(repeating: "long text ", count: 1_000), score: 2.5))
        try context.insert(Note(id: 2, body: "short", score: nil))
        #expect(try context.fetch(Note.self, id: 2) == Note(id: 2, body: "short", score: nil))
        #expect(try context.selectAll(sql: "SELECT typeof(score) FROM note WHERE id = 2") == [[.text("null")]])
    }
}
