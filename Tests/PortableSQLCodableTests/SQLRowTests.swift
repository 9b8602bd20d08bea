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

    @Test func manyColumnsStillFindTheirValues() {
        let columns = (0..<100).map { SQLColumn(name: "c\($0)", type: .long) }
        var row = SQLRow()
        for (index, column) in columns.enumerated() { row[column] = .long(Int64(index)) }
        #expect(columns.enumerated().allSatisfy { row[$1] == .long(Int64($0)) })
        #expect(row[SQLColumn(name: "missing", type: .long)] == nil)
    }
}
