import Foundation
import PortableSQLCodable
import Testing

/// Property names that differ in the case of letters beyond ASCII, which SQLite keeps apart.
private struct Accents: Codable, SQLCodableRecord {
    var id: Int?
    var café: String
    var CAFÉ: String
}

/// Property names that differ only in the case of ASCII letters, which SQLite takes as one.
private struct AsciiTwins: Codable, SQLCodableRecord {
    var id: Int?
    var name: String
    var NAME: String
}

/// Record names are compared as SQLite compares them.
@Suite struct NameFoldingTests {
    /// SQLite folds the case of ASCII letters only in names: `café` and `CAFÉ` are two columns,
    /// `name` and `NAME` one, and the error says so rather than a missing table.
    @Test func namesAreFoldedAsSQLiteFoldsThem() throws {
        let context = SQLContext()
        defer { try? context.close() }
        try context.insert(Accents(café: "a", CAFÉ: "b"))
        #expect(try context.selectAll(sql: "SELECT \"café\", \"CAFÉ\" FROM Accents") == [[.text("a"), .text("b")]])
        let twins = #expect(throws: SQLError.self) { try context.insert(AsciiTwins(name: "a", NAME: "b")) }
        #expect(twins?.resultCode == .misuse && twins?.message.contains("name and NAME") == true, "\(String(describing: twins))")
        #expect("Café_ÉTÉ".sqliteCaseFolded == "café_ÉtÉ")
    }
}
