import Foundation
import PortableSQLCodable
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Plain `Codable` structs as records: schema from the conformance, table created on first use,
/// columns added for new properties, every record operation, and the failure paths.
@Suite struct CodableRecordTests {
    @Test(arguments: TestEngine.both)
    func tableIsCreatedOnFirstUseAndValuesRoundTrip(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let context = try engine.openScratch(in: directory)
        let note = Note(title: "Groceries", body: "milk\neggs", priority: .high, level: .two, tags: ["home", "food"],
                        address: Address(street: "1 Main St", city: "Springfield"), rating: 4.5, pinned: true)
        try context.insert(note)
        #expect(try context.tableExists("Note"))
        let sql = try context.selectAll(sql: "SELECT sql FROM sqlite_schema WHERE name = 'Note'")[0][0].textValue ?? ""
        #expect(sql == #"CREATE TABLE "Note" ("id" TEXT PRIMARY KEY NOT NULL, "title" TEXT, "body" TEXT, "priority" TEXT, "level" INTEGER, "tags" TEXT, "address" TEXT, "created" REAL, "rating" REAL, "pinned" INTEGER)"#)
        let stored = try context.selectAll(sql: "SELECT id, priority, level, tags, address, created, pinned FROM Note")[0]
        #expect(stored == [.text(note.id.uuidString), .text("high"), .long(2), .text(#"["home","food"]"#),
                           .text(#"{"city":"Springfield","street":"1 Main St"}"#), .real(1_700_000_000.25), .long(1)])
        #expect(try context.fetch(Note.self, id: .text(note.id.uuidString)) == note)
        #expect(try context.query(Note.self).eval().load() == [note])
    }

    @Test func anOptionalIntegerKeyIsAssignedAndSaveUpserts() throws {
        let context = SQLContext()
        let first = try context.insert(Counter(name: "a", count: 1))
        let second = try context.insert(Counter(name: "b", count: 2))
        #expect(first.id == 1 && second.id == 2)
        var changed = second
        changed.count = 20
        try context.save(changed)
        let added = try context.save(Counter(name: "c", count: 3))
        #expect(added.id == 3)
        #expect(try context.query(Counter.self).orderBy(\.id).eval().load().map(\.count) == [1, 20, 3])
        #expect(try context.delete(changed))
        #expect(try context.count(Counter.self) == 2)
    }

    @Test func aNewPropertyBecomesAColumnAndOldRowsReadItAsNil() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("evolve.sqlite")
        do {
            let context = try SQLContext(path: path)
            try context.insert(Counter(name: "old", count: 1))
        }
        let context = try SQLContext(path: path)
        #expect(try context.query(CounterV2.self).eval().load() == [CounterV2(id: 1, name: "old", count: 1, unit: nil)])
        try context.insert(CounterV2(name: "new", count: 2, unit: "kg"))
        #expect(try context.columns(for: "counters").map(\.name) == ["id", "name", "count", "unit"])
        #expect(try context.query(CounterV2.self).where(\.unit == "kg").eval().load().map(\.name) == ["new"])
        // The old type still reads the table: the added column is not its.
        #expect(try context.query(Counter.self).orderBy(\.id).eval().load().map(\.name) == ["old", "new"])
    }

    @Test func codingKeysNameTheColumnsAndAStringKeyWorks() throws {
        let context = SQLContext()
        try context.insert(Setting(id: "theme", value: "dark"))
        #expect(try context.columns(for: "Setting").map(\.name) == ["id", "setting_value"])
        try context.save(Setting(id: "theme", value: "light"))
        #expect(try context.fetch(Setting.self, id: "theme")?.value == "light")
        #expect(try context.query(Setting.self).where(\.value == "light").eval().load().count == 1)
        #expect(Setting.column(for: \Setting.value)?.name == "setting_value")
    }

    @Test func nullInANonOptionalPropertyNamesTheColumn() throws {
        let context = SQLContext()
        try context.insert(Counter(name: "a", count: 1))
        try context.exec(sql: "UPDATE counters SET name = NULL")
        #expect {
            try context.query(Counter.self).eval().load()
        } throws: { error in
            let binding = error as? SQLDecodingError
            return binding?.table == "counters" && binding?.column == "name" && binding?.value == .null
        }
    }

    @Test func aTypeWhoseEnumHasNoSampleThrowsAClearErrorEverywhere() throws {
        let context = SQLContext()
        let expected = "Moody cannot be stored as a record through Codable: property mood of type Mood cannot be decoded from sample values"
        for operation in [
            { _ = try context.insert(Moody(mood: .happy)) },
            { _ = try context.query(Moody.self).eval().load() },
            { _ = try context.count(Moody.self) },
            { try context.createTableIfNotExists(Moody.self) },
        ] as [() throws -> Void] {
            #expect {
                try operation()
            } throws: { error in
                (error as? SQLError)?.resultCode == .misuse && (error as? SQLError)?.message.hasPrefix(expected) == true
            }
        }
        #expect(try !context.tableExists("Moody"))
    }

    @Test func keyPathsMapToColumnsAndOthersToNone() {
        #expect(Note.column(for: \Note.title)?.name == "title")
        #expect(Note.column(for: \Note.body)?.name == "body")
        #expect(Note.column(for: \Note.priority)?.name == "priority")
        #expect(Note.column(for: \Note.level)?.name == "level")
        #expect(Note.column(for: \Note.tags)?.name == "tags")
        #expect(Note.column(for: \Note.address)?.name == "address")
        #expect(Note.column(for: \Note.pinned)?.name == "pinned")
        #expect(Note.column(for: \Note.created)?.name == "created")
        // A property of a property is no column.
        #expect(Note.column(for: \Note.address?.city) == nil)
        #expect(Note.column(for: \Note.title.count) == nil)
    }
}
