import Foundation
import PortableSQLMacros
import PortableSQLTestSupport
import Testing

/// A mood, a `Codable` enum stored by its raw value (`CaseIterable`, as plain `Codable` records
/// need of an enum whose raw values do not include their sample values).
enum Mood: String, Codable, CaseIterable, Equatable {
    case calm, busy
}

/// A nested `Codable` value, stored as JSON text.
struct Address: Codable, Equatable {
    var street: String
    var zip: Int
}

/// The properties both record kinds below store: every shape a plain `Codable` record takes.
protocol ProfileFields {
    var id: Int64 { get }
    var name: String { get }
    var tags: [String] { get }
    var scores: [String: Int] { get }
    var address: Address { get }
    var previous: [Address]? { get }
    var joined: Date { get }
    var mood: Mood { get }
    var code: UUID { get }
}

/// A profile written by `@SQLRecord`.
@SQLRecord(table: "macro_profile")
struct MacroProfile: ProfileFields, Equatable {
    @Column(primaryKey: true) var id: Int64
    var name: String
    var tags: [String]
    var scores: [String: Int]
    var address: Address
    var previous: [Address]?
    var joined: Date
    var mood: Mood
    var code: UUID
}

/// The same profile as a plain `Codable` record.
struct PlainProfile: Codable, SQLCodable, ProfileFields, Equatable {
    static let tableName = "plain_profile"
    var id: Int64
    var name: String
    var tags: [String]
    var scores: [String: Int]
    var address: Address
    var previous: [Address]?
    var joined: Date
    var mood: Mood
    var code: UUID
}

/// Whichever way a type is a record, a value is stored in the same form (the same column type,
/// the same bytes) and the same bad value is refused with the same error type.
@Suite struct StorageParityTests {
    static let code = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let joined = Date(timeIntervalSince1970: 1_700_000_000.5)

    /// Each column's SQLite type and SQL literal, in column order, for the one row of `table`.
    func storedForm(_ context: SQLContext, _ table: String, _ columns: [String]) throws -> [[SQLValue]] {
        try columns.map { column in
            let quoted = "\"" + column + "\""
            return try context.selectAll(sql: "SELECT typeof(\(quoted)), quote(\(quoted)) FROM \"\(table)\"").first ?? []
        }
    }

    @Test(arguments: TestEngine.both)
    func everyShapeIsStoredAlikeByTheMacroAndByCodable(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let context = try engine.openScratch(in: directory)
        try context.createTableIfNotExists(MacroProfile.self)
        let macro = MacroProfile(id: 1, name: "Ada", tags: ["b", "a"], scores: ["z": 1, "a": 2], address: Address(street: "Main", zip: 7),
                                 previous: [Address(street: "Old", zip: 1)], joined: Self.joined, mood: .busy, code: Self.code)
        let plain = PlainProfile(id: 1, name: "Ada", tags: ["b", "a"], scores: ["z": 1, "a": 2], address: Address(street: "Main", zip: 7),
                                 previous: [Address(street: "Old", zip: 1)], joined: Self.joined, mood: .busy, code: Self.code)
        try context.insert(macro)
        try context.insert(plain)
        let columns = MacroProfile.table.columns.map(\.name)
        #expect(PlainProfile.table.columns.map(\.name) == columns)
        let macroForm = try storedForm(context, "macro_profile", columns)
        #expect(macroForm == (try storedForm(context, "plain_profile", columns)))
        #expect(macroForm[2] == ["text", #"'["b","a"]'"#])
        #expect(macroForm[3] == ["text", #"'{"a":2,"z":1}'"#])
        #expect(macroForm[4] == ["text", #"'{"street":"Main","zip":7}'"#])
        #expect(macroForm[6] == ["real", "1700000000.5"])
        #expect(macroForm[7] == ["text", "'busy'"])
        #expect(MacroProfile.table.columns.map(\.type) == [.long, .text, .text, .text, .text, .text, .real, .text, .text])
        #expect(try context.fetch(MacroProfile.self, id: 1) == macro)
        #expect(try context.fetch(PlainProfile.self, id: 1) == plain)

        // A nil array is NULL in both.
        var emptyMacro = macro
        emptyMacro.id = 2
        emptyMacro.previous = nil
        var emptyPlain = plain
        emptyPlain.id = 2
        emptyPlain.previous = nil
        try context.insert(emptyMacro)
        try context.insert(emptyPlain)
        for table in ["macro_profile", "plain_profile"] {
            #expect(try context.selectAll(sql: "SELECT typeof(previous) FROM \"\(table)\" WHERE id = 2") == [["null"]])
        }
        #expect(try context.fetch(MacroProfile.self, id: 2) == emptyMacro)
        #expect(try context.fetch(PlainProfile.self, id: 2) == emptyPlain)
    }

    @Test func datesAndUUIDsAreComparedAsTheyAreStored() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(MacroProfile.self)
        let days = (0..<4).map { Self.joined.addingTimeInterval(Double($0) * 86_400) }
        for (index, day) in days.enumerated() {
            let id = Int64(index + 1)
            try context.insert(MacroProfile(id: id, name: "m\(id)", tags: [], scores: [:], address: Address(street: "s", zip: 1),
                                            joined: day, mood: .calm, code: index == 0 ? Self.code : UUID()))
            try context.insert(PlainProfile(id: id, name: "p\(id)", tags: [], scores: [:], address: Address(street: "s", zip: 1),
                                            joined: day, mood: .calm, code: index == 0 ? Self.code : UUID()))
        }
        // SkipSQL's builders take a Date or a UUID through SQLValue(_:), as the column stores it.
        let later = try context.query(MacroProfile.self).where(MacroProfile.joined.greaterThan(SQLValue(days[1]))).orderBy(MacroProfile.id).fetchAll()
        #expect(later.map(\.id) == [3, 4])
        #expect(try context.query(MacroProfile.self).where(.equals(MacroProfile.code, SQLValue(Self.code))).fetchAll().map(\.id) == [1])
        let optional: Date? = nil
        #expect(SQLValue(optional) == .null && SQLValue(days[0]) == .real(days[0].timeIntervalSince1970))
        // The same dates through key paths of either kind.
        #expect(try context.query(PlainProfile.self).where(\.joined > days[1]).orderBy(\.id).fetchAll().map(\.id) == [3, 4])
        #expect(try context.query(MacroProfile.self).where(\.joined <= days[1]).orderBy(\.id).fetchAll().map(\.id) == [1, 2])
        #expect(try context.query(PlainProfile.self).where(\.code == Self.code).fetchAll().map(\.id) == [1])
    }

    @Test func keyPathConditionsAndColumnPredicatesCombineInOneTree() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(MacroProfile.self)
        let days = (0..<4).map { Self.joined.addingTimeInterval(Double($0) * 86_400) }
        for (index, day) in days.enumerated() {
            try context.insert(MacroProfile(id: Int64(index + 1), name: "m\(index + 1)", tags: [], scores: [:],
                                            address: Address(street: "s", zip: 1), joined: day, mood: .calm, code: UUID()))
        }
        let query = context.query(MacroProfile.self).orderBy(MacroProfile.id)
        let mixed = query.where(\.joined > days[1] && MacroProfile.name.equals("m4"))
        let untyped = query.where(MacroProfile.joined.greaterThan(SQLValue(days[1])).and(MacroProfile.name.equals("m4")))
        #expect(mixed.expression == untyped.expression)
        #expect(mixed.expression.sql.hasSuffix(#"WHERE ("joined" > ? AND "name" = ?) ORDER BY "id" ASC"#))
        #expect(try mixed.fetchAll().map(\.id) == [4])
        #expect(try query.where(MacroProfile.name.equals("m1") || \.joined > days[2]).fetchAll().map(\.id) == [1, 4])
        #expect(try query.where(\.name == "m4" || MacroProfile.id.lessThan(3)).fetchAll().map(\.id) == [1, 2, 4])
        #expect(try query.where(MacroProfile.id.greaterThan(1) && \.joined < days[3]).fetchAll().map(\.id) == [2, 3])
    }

    @Test func theSameBadValueIsTheSameErrorWhicheverKind() throws {
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(MacroProfile.self)
        for (id, tags) in [(Int64(1), "not json"), (2, "{\"a\": 1}"), (3, "[1, 2]")] {
            for table in ["macro_profile", "plain_profile"] {
                if table == "plain_profile", id == 1 { _ = try context.count(PlainProfile.self) }
                try context.exec(sql: "INSERT INTO \"\(table)\" (id, name, tags, scores, address, joined, mood, code) VALUES (?, 'x', ?, '{}', '{\"street\":\"s\",\"zip\":1}', 0, 'calm', ?)",
                                 parameters: [.long(id), .text(tags), .text(Self.code.uuidString)])
            }
            let macroError = try #require(throws: SQLDecodingError.self) { try context.fetch(MacroProfile.self, id: .long(id)) }
            let plainError = try #require(throws: SQLDecodingError.self) { try context.fetch(PlainProfile.self, id: .long(id)) }
            #expect(macroError.column == "tags" && plainError.column == "tags")
            #expect(macroError.value == .text(tags) && plainError.value == .text(tags))
        }
    }
}
