import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

@Suite struct SQLValueTests {
    @Test func initializersAndLiterals() {
        #expect(SQLValue(42) == .long(42))
        #expect(SQLValue(Int64.min) == .long(.min))
        #expect(SQLValue(2.5) == .real(2.5))
        #expect(SQLValue("x") == .text("x"))
        #expect(SQLValue(Data([1, 2])) == .blob(Data([1, 2])))
        #expect(SQLValue(true) == .long(1))
        #expect(SQLValue(false) == .long(0))
        #expect(SQLValue(nil as String?) == .null)
        #expect(SQLValue(nil as Int?) == .null)
        #expect(SQLValue(Optional(7) as Int64?) == .long(7))
        #expect(SQLValue(Optional(Data()) as Data?) == .blob(Data()))
        #expect(SQLValue.integer(3) == .long(3))
        let literals: [SQLValue] = [nil, 1, 1.5, "s", true]
        #expect(literals == [.null, .long(1), .real(1.5), .text("s"), .long(1)])
    }

    @Test func accessors() {
        #expect(SQLValue.long(5).longValue == 5)
        #expect(SQLValue.real(5).longValue == nil)
        // As in SkipSQL, each accessor reads its own kind only: an integer is no real.
        #expect(SQLValue.long(5).realValue == nil && SQLValue.real(5).realValue == 5.0)
        #expect(SQLValue.text("5").realValue == nil)
        #expect(SQLValue.text("t").textValue == "t")
        #expect(SQLValue.blob(Data([9])).blobValue == Data([9]))
        #expect(SQLValue.null.isNull)
        #expect(!SQLValue.long(0).isNull)
        // description is SkipSQL's; sqlLiteral (and debugDescription) the SQL literal.
        #expect(SQLValue.text("it's").description == "it's" && SQLValue.null.description == "null")
        #expect(SQLValue.blob(Data([0x0A, 0xFF])).description == "2 bytes" && SQLValue.real(1.5).description == "1.5")
        #expect(SQLValue.text("it's").sqlLiteral == "'it''s'" && SQLValue.null.sqlLiteral == "NULL")
        #expect(SQLValue.blob(Data([0x0A, 0xFF])).sqlLiteral == "x'0AFF'" && String(reflecting: SQLValue.long(3)) == "3")
    }

    @Test func valuesRoundTripThroughSQLite() throws {
        let context = try SQLContext(path: nil)
        defer { try? context.close() }
        try context.exec(sql: "CREATE TABLE t (v)")
        let values: [SQLValue] = [
            .null, .long(0), .long(.max), .long(.min), .real(-0.0), .real(.pi), .real(.infinity), .real(-.infinity),
            .real(.greatestFiniteMagnitude), .text(""), .text("a\u{0}b"), .text("é 🎉 \u{10FFFF}"), .blob(Data()),
            .blob(Data([0, 1, 2, 255])), .text(String(repeating: "x", count: 1 << 20)),
        ]
        for value in values {
            try context.exec(sql: "INSERT INTO t (v) VALUES (?)", parameters: [value])
        }
        let rows = try context.selectAll(sql: "SELECT v FROM t ORDER BY rowid")
        #expect(rows.map { $0[0] } == values)
        // -0.0 == 0.0 for Equatable; check the sign survived too.
        #expect(rows[4][0].realValue?.sign == .minus)
        // NaN is stored as NULL by SQLite.
        let nan = try context.selectAll(sql: "SELECT ?", parameters: [.real(.nan)])
        #expect(nan == [[.null]])
    }
}
