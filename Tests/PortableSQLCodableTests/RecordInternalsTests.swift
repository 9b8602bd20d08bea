import Foundation
@testable import PortableSQL
@testable import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// The row layout's hash table and the record insert's statement keys, checked from the inside.
@Suite struct RecordInternalsTests {
    @Test func rowLayoutsFindEveryColumnThroughHashCollisions() throws {
        var random = SeededGenerator(seed: testSeed())
        var sharedHomes = 0
        var absentOnTakenHomes = 0
        for _ in 0..<50 {
            let count = Int.random(in: 1...40, using: &random)
            let names = (0..<count).map { "c\($0)_\(Int.random(in: 0..<1_000, using: &random))" }
            let columns = names.map { SQLColumn(name: $0, type: .long) }
            let layout = SQLRowLayout(columns: columns)
            // Slots are at most twice the columns, so names share home slots.
            let homes = columns.map { $0.nameHash & layout.mask }
            for (position, column) in columns.enumerated() where names.firstIndex(of: column.name) == position {
                #expect(layout.position(of: column) == position, "\(column.name) among \(names)")
            }
            // A name that is absent is not found, even where its home slot is taken.
            var probes = 0
            while probes < 20 {
                let absent = SQLColumn(name: "absent\(Int.random(in: 0..<100_000, using: &random))", type: .long)
                guard !names.contains(absent.name) else { continue }
                probes += 1
                #expect(layout.position(of: absent) == nil)
                if homes.contains(absent.nameHash & layout.mask) { absentOnTakenHomes += 1 }
            }
            sharedHomes += columns.count - Set(homes).count
        }
        // The lookups above went through collisions, both for present and absent names.
        #expect(sharedHomes > 0 && absentOnTakenHomes > 0, "\(sharedHomes) \(absentOnTakenHomes)")
        // A name declared twice keeps its first position.
        let twice = SQLRowLayout(columns: [SQLColumn(name: "a", type: .long), SQLColumn(name: "b", type: .text), SQLColumn(name: "a", type: .text)])
        #expect(twice.position(of: SQLColumn(name: "a", type: .text)) == 0)
        #expect(SQLRowLayout.empty.position(of: SQLColumn(name: "a", type: .long)) == nil)
    }

    @Test func insertsAreCachedOncePerSetOfColumnsGiven() throws {
        let context = try makeContext()
        defer { try? context.close() }
        try context.createTableIfNotExists(Author.self)
        let cached = context.statementCache.count
        let log = ExecutedSQL(context)
        try context.insert(Author(name: "A", born: 1900))
        try context.insert(Author(name: "B", born: 1901))
        // The database assigns the key in both, so both leave out id: one statement.
        #expect(context.statementCache.count == cached + 1)
        try context.insert(Author(id: 10, name: "C"))
        try context.insert(Author(id: 11, name: "D", born: nil))
        // A nil value is left out (SkipSQL's rule, so that DEFAULT applies): C and D name id and name only.
        #expect(context.statementCache.count == cached + 2)
        #expect(log.statements == [
            #"INSERT INTO "author" ("name", "born") VALUES ('A', 1900)"#,
            #"INSERT INTO "author" ("name", "born") VALUES ('B', 1901)"#,
            #"INSERT INTO "author" ("id", "name") VALUES (10, 'C')"#,
            #"INSERT INTO "author" ("id", "name") VALUES (11, 'D')"#,
        ])
        let layout = ObjectIdentifier(Author.table.layout)
        let insert = RecordStatement.insert.rawValue
        #expect(context.statementCache.contains(.derived(layout, variant: 0b110 << 2 | insert)))
        #expect(context.statementCache.contains(.derived(layout, variant: 0b011 << 2 | insert)))
        #expect(!context.statementCache.contains(.derived(layout, variant: 0b111 << 2 | insert)))
        log.stop()
        #expect(try context.fetchAll(Author.self).map(\.name) == ["A", "B", "C", "D"])
    }
}
