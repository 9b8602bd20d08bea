import Foundation
import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// A record whose `code` is an integer; `TextCodes` reads the same table with a string `code`.
private struct IntegerCodes: Codable, SQLCodable {
    static let tableName = "codes"
    var id: Int?
    var code: Int
}

private struct TextCodes: Codable, SQLCodable, Equatable {
    static let tableName = "codes"
    var id: Int?
    var code: String
}

/// A record with a measurement that may be missing.
private struct Reading: Codable, SQLCodable, Equatable {
    var id: Int?
    var value: Double
    var spare: Double?
    var ratio: Float?
}

/// A record with a `Float` that must be there.
private struct Gauge: Codable, SQLCodable, Equatable {
    var id: Int?
    var level: Float
}

/// A record of optional numbers of every width.
private struct Widths: Codable, SQLCodable, Equatable {
    var id: Int?
    var a: Int64?
    var b: Int32?
    var c: UInt8?
    var d: Float?
    var e: Int8?
    var f: UInt64?
}

/// A record with an amount of money.
private struct Payment: Codable, SQLCodable, Equatable {
    var id: Int?
    var amount: Decimal
}

/// A record whose amounts are inside values stored as JSON.
private struct Ledger: Codable, SQLCodable, Equatable {
    struct Line: Codable, Equatable {
        var amount: Decimal
        var note: String
    }
    var id: Int?
    var line: Line
    var amounts: [Decimal]
}

/// A record with a property whose `nil` has two levels.
private struct TwoLevels: Codable, SQLCodable {
    var id: Int?
    var level: Int??
}

/// A value that reads NULL as one of its own values (its `nil`), through a single value.
private struct Maybe: Codable {
    var value: Int?

    init(_ value: Int?) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try container.decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

/// A record whose optional property's type has a `nil` of its own: two levels again.
private struct HiddenLevels: Codable, SQLCodable {
    var id: Int?
    var level: Maybe?
}

/// The same type as a property that is not optional: NULL reads back as its own `nil`.
private struct OneLevel: Codable, SQLCodable {
    var id: Int?
    var level: Maybe
}

/// Two record types of one name, nested in different types.
private enum Alpha {
    struct Item: Codable, SQLCodable, Equatable {
        var id: Int?
        var name: String
    }
}

private enum Beta {
    struct Item: Codable, SQLCodable, Equatable {
        var id: Int?
        var weight: Double
    }
}

/// A record with computed properties that read its stored one.
private struct Priced: Codable, SQLCodable, Equatable {
    var id: Int?
    var price: Int
    var doubled: Int { price * 2 }
    var negated: Int { -price }
}

/// A record whose property names differ only in case.
private struct CaseTwins: Codable, SQLCodable {
    var id: Int?
    var name: String
    var Name: String
}

/// A record read first through a pool's reader.
private struct Visit: Codable, SQLCodable, Equatable {
    var id: Int?
    var page: String
}

/// Plain `Codable` records where a careless caller or a changed type could lose or change
/// values without a word: each such case is stored exactly or refused with a clear error.
@Suite struct CodableHardeningTests {
    @Test func aPropertyWhoseTypeChangedIsRefusedBeforeAValueIsConverted() throws {
        let context = SQLContext()
        try context.insert(IntegerCodes(code: 7))
        let error = #expect(throws: SQLError.self) { try context.insert(TextCodes(code: "007")) }
        #expect(error?.resultCode == .mismatch)
        #expect(error?.message.contains("column code of table codes is declared INTEGER") == true)
        #expect(error?.message.contains("\"007\" as 7") == true)
        #expect(try context.selectAll(sql: "SELECT code, typeof(code) FROM codes") == [[.long(7), .text("integer")]])
        // Reading with the changed type is refused the same way, never a half-read table.
        #expect(throws: SQLError.self) { try context.query(TextCodes.self).eval().load() }
        // The old type goes on working.
        #expect(try context.query(IntegerCodes.self).eval().load().map(\.code) == [7])
        // SkipSQL's insertUpdateSQL, run by hand, checks the same.
        let written = #expect(throws: SQLError.self) { try context.exec(context.insertUpdateSQL(for: TextCodes(code: "009"), inSchema: nil, upsert: false)) }
        #expect(written?.resultCode == .mismatch)
        #expect(try context.selectAll(sql: "SELECT count(*) FROM codes") == [[1]])
    }

    @Test func aStringColumnKeepsTextThatLooksLikeANumber() throws {
        let context = SQLContext()
        try context.insert(TextCodes(code: "007"))
        #expect(try context.selectAll(sql: "SELECT code, typeof(code) FROM codes") == [[.text("007"), .text("text")]])
        #expect(try context.query(TextCodes.self).eval().load() == [TextCodes(id: 1, code: "007")])
        // An integer property over that TEXT column would come back as text it cannot read.
        let error = #expect(throws: SQLError.self) { try context.insert(IntegerCodes(code: 8)) }
        #expect(error?.resultCode == .mismatch)
    }

    @Test func nanAndNegativeZeroAreRefusedAndOtherRealsRoundTrip() throws {
        let context = SQLContext()
        let kept = Reading(value: 1.5, spare: 0, ratio: 0.25)
        try context.insert(kept)
        for refused in [Reading(value: .nan), Reading(value: 1, spare: .nan), Reading(value: -0.0),
                        Reading(value: 1, spare: -0.0), Reading(value: 1, ratio: .nan), Reading(value: 1, ratio: -0.0)] {
            let error = #expect(throws: SQLError.self) { try context.insert(refused) }
            #expect(error?.resultCode == .mismatch)
            #expect(error?.message.contains("cannot be stored") == true)
        }
        #expect(try context.count(Reading.self) == 1)
        let read = try context.query(Reading.self).eval().load()
        #expect(read == [Reading(id: 1, value: 1.5, spare: 0, ratio: 0.25)])
        #expect(read.first?.spare?.sign == .plus)
        #expect(try context.query(Reading.self).eval().load().count == 1)
    }

    /// A REAL beyond `Float`'s range (written by a `Double` or by SQL) is refused when read
    /// into a `Float`, never read as an infinity, and so is one that would read as 0 (-1e-50
    /// as -0.0, which could not be saved back); a stored infinity stays one.
    @Test func aRealBeyondFloatsRangeIsRefusedNotReadAsInfinity() throws {
        let context = SQLContext()
        try context.insert(Gauge(level: 1.5))
        try context.insert(Reading(value: 1, ratio: 0.5))
        for huge in ["1e300", "-1e39", "-1e-50", "1e-46"] {
            try context.exec(sql: "UPDATE \(Gauge.tableName) SET level = \(huge)")
            let gauge = #expect(throws: SQLDecodingError.self) { try context.query(Gauge.self).eval().load() }
            #expect(gauge.map { "\($0)" }?.contains("level\" holds") == true && gauge.map { "\($0)" }?.contains("expected a Float (within ±3.4e38") == true)
            try context.exec(sql: "UPDATE \(Reading.tableName) SET ratio = \(huge)")
            let reading = #expect(throws: SQLDecodingError.self) { try context.query(Reading.self).eval().load() }
            #expect(reading.map { "\($0)" }?.contains("ratio\" holds") == true, "\(huge)")
        }
        try context.exec(sql: "UPDATE \(Gauge.tableName) SET level = 3.0e38")
        #expect(try context.query(Gauge.self).eval().load() == [Gauge(id: 1, level: 3.0e38)])
        try context.exec(sql: "UPDATE \(Gauge.tableName) SET level = -1e999")
        #expect(try context.query(Gauge.self).eval().load().first?.level == -.infinity)
        try context.exec(sql: "UPDATE \(Reading.tableName) SET ratio = 1e999")
        #expect(try context.query(Reading.self).eval().load().first?.ratio == .infinity)
    }

    /// Key paths to optionals of every integer width and `Float` name their columns, as
    /// those to `Int?` and `Double?` do.
    @Test func keyPathsToOptionalsOfEveryWidthNameTheirColumns() throws {
        let context = SQLContext()
        try context.insert(Widths(a: 1, b: 2, c: 3, d: 4.5, e: 5, f: 6))
        try context.insert(Widths())
        #expect(try context.query(Widths.self).select(\.a).fetchAll().count == 2)
        #expect(try context.query(Widths.self).where(\.a == 1).fetchAll().map(\.c) == [3])
        #expect(try context.query(Widths.self).where(\.a == nil).fetchAll().count == 1)
        #expect(try context.query(Widths.self).orderBy(\.d).fetchAll().map(\.d) == [nil, 4.5])
        #expect(try context.query(Widths.self).orderBy(\.b).fetchAll().map(\.a) == [nil, 1])
        #expect(try context.query(Widths.self).orderBy(\.e, order: .descending).fetchAll().map(\.a) == [1, nil])
        #expect(try context.query(Widths.self).orderBy(\.f).fetchAll().map(\.a) == [nil, 1])
    }

    @Test func aDecimalThatIsNaNIsRefusedAndOthersRoundTrip() throws {
        let context = SQLContext()
        let error = #expect(throws: SQLError.self) { try context.insert(Payment(amount: .nan)) }
        #expect(error?.resultCode == .mismatch && error?.message.contains("amount: its JSON holds NaN") == true, "\(String(describing: error))")
        let amount = try #require(Decimal(string: "12345678901234567890.125"))
        try context.insert(Payment(amount: amount))
        #expect(try context.query(Payment.self).fetchAll() == [Payment(id: 1, amount: amount)])
    }

    /// `JSONEncoder` writes a NaN `Decimal` as a bare `NaN` at any depth, which no JSON reader
    /// takes back; the text "NaN" in a string is fine.
    @Test func aNaNDecimalInsideAStoredValueIsRefused() throws {
        let context = SQLContext()
        let nested = #expect(throws: SQLError.self) { try context.insert(Ledger(line: .init(amount: .nan, note: "x"), amounts: [])) }
        #expect(nested?.resultCode == .mismatch && nested?.message.contains("line: its JSON holds NaN") == true, "\(String(describing: nested))")
        let listed = #expect(throws: SQLError.self) { try context.insert(Ledger(line: .init(amount: 1, note: "x"), amounts: [2, .nan])) }
        #expect(listed?.message.contains("amounts: its JSON holds NaN") == true, "\(String(describing: listed))")
        let fine = Ledger(id: 1, line: .init(amount: 5, note: "NaN"), amounts: [1.5])
        try context.insert(fine)
        #expect(try context.query(Ledger.self).fetchAll() == [fine])
    }

    @Test func aNestedOptionalPropertyIsRefusedNamingIt() throws {
        let context = SQLContext()
        let error = #expect(throws: SQLError.self) { try context.insert(TwoLevels(level: .some(nil))) }
        #expect(error?.resultCode == .misuse)
        #expect(error?.message.contains("property level is a nested optional") == true)
        #expect(try !context.tableExists("TwoLevels"))
        let hidden = #expect(throws: SQLError.self) { try context.insert(HiddenLevels(level: Maybe(nil))) }
        #expect(hidden?.resultCode == .misuse && hidden?.message.contains("property level is optional") == true, "\(String(describing: hidden))")
        try context.insert(OneLevel(level: Maybe(nil)))
        try context.insert(OneLevel(level: Maybe(3)))
        #expect(try context.query(OneLevel.self).fetchAll().map(\.level.value) == [nil, 3])
    }

    @Test func typesOfOneNameInDifferentEnclosingTypesHaveTablesOfTheirOwn() throws {
        #expect(Alpha.Item.tableName == "Alpha_Item")
        #expect(Beta.Item.tableName == "Beta_Item")
        #expect(Visit.tableName == "Visit")
        struct Local: Codable, SQLCodable { var id: Int? }
        #expect(Local.tableName == "Local")
        let context = SQLContext()
        try context.insert(Alpha.Item(name: "a"))
        try context.insert(Beta.Item(weight: 2.5))
        #expect(try context.query(Alpha.Item.self).eval().load() == [Alpha.Item(id: 1, name: "a")])
        #expect(try context.query(Beta.Item.self).eval().load() == [Beta.Item(id: 1, weight: 2.5)])
        #expect(try context.selectAll(sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") == [[.text("Alpha_Item")], [.text("Beta_Item")]])
    }

    @Test func aKeyPathToAComputedPropertyThrowsInsteadOfReadingTheStoredOne() throws {
        let context = SQLContext()
        try context.insert(Priced(price: 10))
        try context.insert(Priced(price: 20))
        let filtered = #expect(throws: SQLError.self) { try context.query(Priced.self).where(\.doubled == 20).eval().load() }
        #expect(filtered?.resultCode == .misuse)
        let ordered = #expect(throws: SQLError.self) { try context.query(Priced.self).orderBy(\.negated).eval().load() }
        #expect(ordered?.resultCode == .misuse)
        #expect(Priced.column(for: \Priced.doubled) == nil)
        #expect(try context.query(Priced.self).where(\.price == 20).eval().load().map(\.price) == [20])
    }

    @Test func propertiesThatDifferOnlyInCaseAreNamedInTheError() throws {
        let context = SQLContext()
        let error = #expect(throws: SQLError.self) { try context.insert(CaseTwins(name: "a", Name: "b")) }
        #expect(error?.resultCode == .misuse)
        #expect(error?.message.contains("properties name and Name would be one column") == true)
    }

    @Test func theFirstReadThroughAPoolOnAFreshFileFindsNoRows() async throws {
        let directory = try TemporaryDirectory()
        let pool = try SQLContextPool(path: directory.path("fresh.sqlite"))
        defer { try? pool.close() }
        #expect(try await pool.read { try $0.query(Visit.self).eval().load() } == [])
        #expect(try await pool.read { try $0.count(Visit.self) } == 0)
        #expect(try await pool.read { try $0.exists(Visit.self) } == false)
        #expect(try await pool.read { try $0.fetchAll(Visit.self) } == [])
        #expect(try await pool.read { try $0.query(Visit.self).count() } == 0)
        // No table was made in the reader's temporary schema: the writer makes the real one.
        #expect(try await pool.read { try $0.selectAll(sql: "SELECT count(*) FROM temp.sqlite_master") } == [[.long(0)]])
        _ = try await pool.write { try $0.insert(Visit(page: "/")) }
        #expect(try await pool.read { try $0.query(Visit.self).eval().load() } == [Visit(id: 1, page: "/")])
        #expect(try await pool.read { try $0.selectAll(sql: "SELECT page FROM Visit") } == [[.text("/")]])
    }

    @Test func aReadOnlyConnectionReadsAMissingRecordTableAsEmptyButDoesNotWrite() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.sqlite")
        try SQLContext(path: path).exec(sql: "CREATE TABLE unrelated (x)")
        let context = try SQLContext(path: path, flags: [.readOnly])
        #expect(try context.query(Visit.self).eval().load() == [])
        #expect(try context.count(Visit.self) == 0)
        let error = #expect(throws: SQLError.self) { try context.insert(Visit(page: "/")) }
        #expect(error?.message.contains("no such table: Visit") == true)
        #expect(try !context.tableExists("Visit"))
    }

    @Test func aQuestionMarkBesideInterpolatedValuesIsRefused() throws {
        let context = SQLContext()
        try context.exec(sql: "CREATE TABLE pairs (a, b)")
        let second = 2
        let error = #expect(throws: SQLError.self) { try context.exec("INSERT INTO pairs VALUES (?, \(second))") }
        #expect(error?.resultCode == .range)
        #expect(error?.message.contains("1 interpolated value") == true)
        #expect(throws: SQLError.self) { try context.selectAll("SELECT ?, \(second)") }
        #expect(throws: SQLError.self) { try context.prepare("SELECT :name") }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM pairs") == [[.long(0)]])
        try context.exec("INSERT INTO pairs VALUES ('?', \(second))")
        #expect(try context.selectAll("SELECT a, b FROM pairs WHERE b = \(second)") == [[.text("?"), .long(2)]])
    }
}

/// The first version of a record, and the second, which added an optional column.
private struct Memo: Codable, SQLCodable, Equatable {
    static let tableName = "memos"
    var id: Int?
    var title: String
}

private struct MemoWithNote: Codable, SQLCodable, Equatable {
    static let tableName = "memos"
    var id: Int?
    var title: String
    var note: String?
}

/// A class record with a computed property, an observed stored one and a plain stored one.
private final class PricedClass: Codable, SQLCodable {
    var id: Int?
    var price: Int = 0 { didSet { changes += 1 } }
    var changes = 0
    var doubled: Int { price * 2 }

    init(price: Int) {
        self.price = price
    }
}

/// A date that is no instant.
private struct Stamp: Codable, SQLCodable {
    var id: Int?
    var when: Date
}

/// Types whose default table names would name one table.
private enum Gamma {
    struct Item: Codable, SQLCodable { var id: Int?; var g: String }
}

private struct Gamma_Item: Codable, SQLCodable { var id: Int?; var h: String }

/// The attacks of the independent run of issue 38, each refused or read right.
@Suite struct CodableHardeningFollowUpTests {
    @Test func aColumnAddedSinceReadsAsNullWhereItCannotBeAdded() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("grow.sqlite")
        do {
            let writer = try SQLContext(path: path)
            defer { try? writer.close() }
            try writer.insert(Memo(title: "old"))
        }
        let reader = try SQLContext(path: path, flags: [.readOnly])
        defer { try? reader.close() }
        #expect(try reader.query(MemoWithNote.self).eval().load() == [MemoWithNote(id: 1, title: "old", note: nil)])
        #expect(try reader.query(MemoWithNote.self).where(\.note == nil).count() == 1)
        #expect(try reader.query(MemoWithNote.self).where(\.note == "note").count() == 0)
        let note = try #require(MemoWithNote.column(for: \MemoWithNote.note))
        #expect(try reader.count(MemoWithNote.self, where: note.equals(.text("note"))) == 0)
        // A statement that writes never runs without the column: a DELETE would compare with the text "note".
        let error = #expect(throws: SQLError.self) { try reader.delete(MemoWithNote.self, where: note.equals(.text("note"))) }
        #expect(error?.message.contains("table memos lacks column(s) note") == true)
        #expect(try reader.selectAll(sql: "SELECT count(*) FROM memos") == [[.long(1)]])

        let pool = try SQLContextPool(path: path)
        defer { try? pool.close() }
        #expect(try await pool.read { try $0.query(MemoWithNote.self).where(\.note == nil).eval().load().map(\.title) } == ["old"])
        _ = try await pool.write { try $0.insert(MemoWithNote(title: "new", note: "n")) }
        #expect(try await pool.read { try $0.query(MemoWithNote.self).orderBy(\.id).eval().load().map(\.note) } == [nil, "n"])
    }

    @Test func aClassRecordsComputedAndObservedKeyPathsThrow() throws {
        let context = SQLContext()
        try context.insert(PricedClass(price: 10))
        try context.insert(PricedClass(price: 20))
        let error = #expect(throws: SQLError.self) { try context.query(PricedClass.self).where(\.doubled == 20).eval().load() }
        #expect(error?.resultCode == .misuse)
        #expect(throws: SQLError.self) { try context.query(PricedClass.self).orderBy(\.doubled).eval().load() }
        #expect(throws: SQLError.self) { try context.query(PricedClass.self).where(\.price == 20).eval().load() }
        #expect(try context.query(PricedClass.self).where(\.changes == 0).eval().load().map(\.price) == [10, 20])
        #expect(try context.query(Priced.self).orderBy(\.price, order: .descending).eval().load().isEmpty)
    }

    @Test func aDateThatIsNaNIsRefused() throws {
        let context = SQLContext()
        let error = #expect(throws: SQLError.self) { try context.insert(Stamp(when: Date(timeIntervalSince1970: .nan))) }
        #expect(error?.resultCode == .mismatch)
        #expect(error?.message.contains("when: a Date whose value is NaN cannot be stored") == true)
        try context.insert(Stamp(when: Date(timeIntervalSince1970: -0.0)))
        #expect(try context.query(Stamp.self).eval().load().map(\.when) == [Date(timeIntervalSince1970: 0)])
    }

    @Test func numberedAndNamedParametersBesideValuesAreRefusedInSQLAndConditions() throws {
        let context = SQLContext()
        try context.exec(sql: "CREATE TABLE pairs (a, b, c)")
        let error = #expect(throws: SQLError.self) { try context.exec("INSERT INTO pairs (a, b) VALUES (\(2), ?1)") }
        #expect(error?.resultCode == .range)
        #expect(error?.message.contains("the parameter ?1 written in its text") == true)
        #expect(throws: SQLError.self) { try context.exec("INSERT INTO pairs VALUES (\(1), \(2), ?2)") }
        #expect(try context.selectAll(sql: "SELECT count(*) FROM pairs") == [[.long(0)]])
        try context.insert(Priced(price: 10))
        let condition = #expect(throws: SQLError.self) { try context.query(Priced.self).where("\(\.price) > \(1) AND \(\.price) < ?").eval().load() }
        #expect(condition?.resultCode == .range)
    }

    @Test func typesWhoseDefaultNamesNameOneTableCannotBothBeUsed() throws {
        let context = SQLContext()
        try context.insert(Gamma.Item(g: "g"))
        let error = #expect(throws: SQLError.self) { try context.insert(Gamma_Item(h: "h")) }
        #expect(error?.resultCode == .misuse)
        #expect(error?.message.contains("would both use the table Gamma_Item") == true)
        #expect(try context.query(Gamma.Item.self).eval().load().map(\.g) == ["g"])
    }
}
