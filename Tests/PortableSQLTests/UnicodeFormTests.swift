import Foundation
import PortableSQL
import PortableSQLTestSupport
import Testing

/// SQLite compares names and reads SQL by their bytes; Swift's strings compare the same text
/// in two Unicode forms (`é` composed, `e` and a combining accent) as equal. Nothing that SQL
/// text is looked up by may take one form for the other.
@Suite struct UnicodeFormTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func statementsOnNamesInTwoFormsRunOnTheirOwnTables() throws {
        #expect(Self.composed == Self.decomposed)
        let context = SQLContext()
        defer { try? context.close() }
        for name in [Self.composed, Self.decomposed] {
            try context.exec(sql: "CREATE TABLE \"\(name)\" (v)")
        }
        try context.exec(sql: "INSERT INTO \"\(Self.composed)\" VALUES (1)")
        try context.exec(sql: "INSERT INTO \"\(Self.decomposed)\" VALUES (2)")
        try context.exec(sql: "INSERT INTO \"\(Self.decomposed)\" VALUES (?)", parameters: [.long(3)])
        #expect(try context.selectAll(sql: "SELECT v FROM \"\(Self.composed)\"") == [[1]])
        #expect(try context.selectAll(sql: "SELECT v FROM \"\(Self.decomposed)\" ORDER BY v") == [[2], [3]])
    }
}
