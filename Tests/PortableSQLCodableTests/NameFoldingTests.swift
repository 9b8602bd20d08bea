import Foundation
import PortableSQLCodable
import Testing

/// Property names that differ in the case of letters beyond ASCII, which SQLite keeps apart.
private struct Accents: Codable, SQLCodable {
    var id: Int?
    var café: String
    var CAFÉ: String
}

/// Property names that differ only in the case of ASCII letters, which SQLite takes as one.
private struct AsciiTwins: Codable, SQLCodable {
    var id: Int?
    var name: String
    var NAME: String
}

/// Coding keys that are the same text in two Unicode forms (composed and decomposed `é`):
/// Swift's strings take them as equal, SQLite's names as two.
private struct TwoForms: Codable, SQLCodable {
    var id: Int?
    var composed: String
    var decomposed: String

    enum CodingKeys: String, CodingKey {
        case id
        case composed = "caf\u{E9}"
        case decomposed = "cafe\u{301}"
    }
}

/// Records whose table names are one text in two Unicode forms: two tables to SQLite.
private struct ComposedTable: Codable, SQLCodable {
    static let tableName = "caf\u{E9}"
    var id: Int?
    var name: String
}

private struct DecomposedTable: Codable, SQLCodable {
    static let tableName = "cafe\u{301}"
    var id: Int?
    var name: String
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

    /// Were the two forms taken as one column, the second value would silently replace the
    /// first: the record is refused instead, naming both forms.
    @Test func namesInTwoUnicodeFormsAreRefused() throws {
        let context = SQLContext()
        defer { try? context.close() }
        let error = #expect(throws: SQLError.self) { try context.insert(TwoForms(composed: "a", decomposed: "b")) }
        #expect(error?.resultCode == .misuse)
        #expect(error?.message.contains(#""caf\u{E9}" and "cafe\u{301}""#) == true, "\(String(describing: error))")
        #expect(throws: SQLError.self) { try context.query(TwoForms.self).eval().load() }
    }

    /// Were the two tables taken as one, the second type's rows would land in the first's.
    @Test func tablesNamedInTwoUnicodeFormsAreTwoTables() throws {
        let context = SQLContext()
        defer { try? context.close() }
        try context.insert(ComposedTable(name: "composed"))
        try context.insert(DecomposedTable(name: "decomposed"))
        #expect(try context.query(ComposedTable.self).eval().load().map(\.name) == ["composed"])
        #expect(try context.query(DecomposedTable.self).eval().load().map(\.name) == ["decomposed"])
        #expect(try context.selectAll(sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") == [[2]])
    }
}
