import Foundation
import PortableSQLCodable
import Testing

/// `SQLRow` behaves as the `[SQLColumn: SQLValue]` dictionary the specification describes.
@Suite struct SQLRowTests {
    let id = SQLColumn(name: "ID", type: .long, primaryKey: true)
    let name = SQLColumn(name: "NAME", type: .text)
    let photo = SQLColumn(name: "PHOTO", type: .blob)

    @Test func readsWritesAndRemovesLikeADictionary() {
        var row: SQLRow = [id: 1, name: "Ada"]
        #expect(row[id] == .long(1))
        #expect(row[name] == .text("Ada"))
        #expect(row[photo] == nil)
        #expect(row.count == 2)
        row[photo] = .blob(Data([1]))
        row[name] = "Grace"
        #expect(row[name] == .text("Grace"))
        #expect(row.count == 3)
        row[name] = nil
        #expect(row[name] == nil)
        #expect(row.count == 2)
        #expect(row.columns.map(\.name) == ["ID", "PHOTO"])
        #expect(row.map { "\($0.column.name)=\($0.value.sqlLiteral)" } == ["ID=1", "PHOTO=x'01'"])
        var empty = SQLRow()
        #expect(empty.isEmpty)
        empty[id] = .null
        #expect(empty[id] == .null)
        #expect(!empty.isEmpty)
    }

    @Test func equalityIgnoresOrderAndColumnsAreKnownByName() {
        let first: SQLRow = [id: 1, name: "Ada"]
        let second: SQLRow = [name: "Ada", id: 1]
        #expect(first == second)
        #expect(first != [id: 1])
        #expect(first != [id: 2, name: "Ada"])
        // Another declaration of a column with the same name finds the same value.
        #expect(first[SQLColumn(name: "NAME", type: .text, nullable: false)] == .text("Ada"))
        #expect(first.description == #"["ID": 1, "NAME": 'Ada']"#)
    }

    /// A record that writes each column twice, and keeps a copy of the row between the writes.
    struct Rewriting: SQLCodable {
        static let id = SQLColumn(name: "ID", type: .long, primaryKey: true)
        static let name = SQLColumn(name: "NAME", type: .text)
        static let photo = SQLColumn(name: "PHOTO", type: .blob)
        static let table = SQLTable(name: "REWRITING", columns: [id, name, photo])
        nonisolated(unsafe) static var copies: [SQLRow] = []

        var key: Int64

        init(key: Int64) {
            self.key = key
        }

        init(row: SQLRow, context: SQLContext) throws {
            key = try Self.id.longValueRequired(in: row)
        }

        func encode(row: inout SQLRow) throws {
            row[Self.id] = .long(key)
            row[Self.name] = "first"
            row[Self.photo] = .blob(Data([1, 2]))
            Self.copies.append(row)
            row[Self.name] = "second"
            row[Self.photo] = nil
            let table = Self.table
            table.setValue(.text("third"), at: 1, in: &row)
            table.setValue(.blob(Data([3])), at: 2, in: &row)
            table.setValue(nil, at: 2, in: &row)
        }
    }

    @Test func writingOverValuesOfAnInsertedRowLeavesItsCopiesAsTheyWere() throws {
        let db = SQLContext()
        defer { try? db.close() }
        try db.createTableIfNotExists(Rewriting.self)
        try db.insert(Rewriting(key: 1))
        try db.insert(Rewriting(key: 2))
        #expect(try db.selectAll(sql: "SELECT ID, NAME, PHOTO FROM REWRITING ORDER BY ID") == [[.long(1), .text("third"), .null], [.long(2), .text("third"), .null]])
        let copies = Rewriting.copies
        Rewriting.copies = []
        #expect(copies.count == 2)
        #expect(copies.allSatisfy { $0[Rewriting.name] == .text("first") && $0[Rewriting.photo] == .blob(Data([1, 2])) })
    }

    @Test func manyColumnsStillFindTheirValues() {
        let columns = (0..<100).map { SQLColumn(name: "c\($0)", type: .long) }
        var row = SQLRow()
        for (index, column) in columns.enumerated() { row[column] = .long(Int64(index)) }
        #expect(columns.enumerated().allSatisfy { row[$1] == .long(Int64($0)) })
        #expect(row[SQLColumn(name: "missing", type: .long)] == nil)
    }
}
