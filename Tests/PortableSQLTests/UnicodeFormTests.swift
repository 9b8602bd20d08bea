import Foundation
import PortableSQL
import PortableSQLTestSupport
internal import PortableSQLSystem
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

    @Test func columnsNamedInTwoFormsAreReadByTheirOwnNames() throws {
        let context = SQLContext()
        defer { try? context.close() }
        for sql in ["SELECT 2 AS \"\(Self.decomposed)\", 1 AS \"\(Self.composed)\"", "SELECT 1 AS \"\(Self.composed)\", 2 AS \"\(Self.decomposed)\""] {
            let statement = try context.prepare(sql: sql)
            defer { try? statement.close() }
            #expect(try statement.next())
            #expect(try statement.value(named: Self.composed) == .long(1), "\(sql)")
            #expect(try statement.long(named: Self.decomposed) == 2, "\(sql)")
            #expect(try statement.long(named: Self.composed) == 1, "\(sql)")
            #expect(try statement.long(named: Self.composed) == 1, "\(sql)")
            #expect(try statement.value(named: "CAF\u{E9}") == .long(1), "\(sql)")
        }
    }

    /// A Swift dictionary holds one of two such names: binding by name is refused rather than
    /// leaving the other parameter NULL.
    @Test func parametersNamedInTwoFormsAreBoundByIndex() throws {
        let context = SQLContext()
        defer { try? context.close() }
        let statement = try context.prepare(sql: "SELECT :\(Self.composed), :\(Self.decomposed)")
        defer { try? statement.close() }
        let error = #expect(throws: SQLError.self) { try statement.bind(parameters: [":" + Self.composed: .long(1)]) }
        #expect(error?.resultCode == .misuse && error?.message.contains("bind them by index") == true, "\(String(describing: error))")
        try statement.bind(parameters: [.long(1), .long(2)])
        #expect(try statement.next())
        #expect(statement.rowValues() == [.long(1), .long(2)])
    }

    @Test func anObserverOfOneFormIsNotToldOfTheOther() throws {
        let context = SQLContext()
        defer { try? context.close() }
        for name in [Self.composed, Self.decomposed] {
            try context.exec(sql: "CREATE TABLE \"\(name)\" (v)")
        }
        let seen = Locked<[SQLObservedRegion]>([])
        let observation = try context.observeChanges(in: .tables(Self.composed)) { change in seen.withLock { $0.append(change) } }
        defer { observation.cancel() }
        try context.exec(sql: "INSERT INTO \"\(Self.decomposed)\" VALUES (1)")
        #expect(seen.withLock { $0.isEmpty })
        try context.exec(sql: "INSERT INTO \"\("CAF\u{E9}")\" VALUES (1)")
        #expect(seen.withLock { $0.count } == 1)
        let rows = Locked<Int>(0)
        let rowObservation = try context.observeChanges(in: .rows(table: Self.composed, rowIDs: [1, 2])) { change in rows.withLock { $0 += change.rowIDs.count } }
        defer { rowObservation.cancel() }
        try context.exec(sql: "INSERT INTO \"\(Self.decomposed)\" VALUES (2)")
        #expect(rows.withLock { $0 } == 0)
        try context.exec(sql: "INSERT INTO \"\(Self.composed)\" VALUES (2)")
        #expect(rows.withLock { $0 } == 1)
    }
}
