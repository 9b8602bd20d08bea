import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// An object whose instances are counted, to show that what SQLite holds is let go.
final class CountedObject {
    static let live = SharedCount()

    init() {
        Self.live.add()
    }

    deinit {
        Self.live.add(-1)
    }
}

/// Swift functions, aggregates and collations, on every engine.
@Suite(.serialized) struct FunctionTests {
    @Test(arguments: TestEngine.withSQLCipher3)
    func scalarFunctionsTakeAndGiveEveryType(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        try db.createFunction("echo", argumentCount: 1) { $0[0] }
        try db.createFunction("count_args") { .long(Int64($0.count)) }
        let values: [SQLValue] = [.null, .long(-42), .long(Int64.max), .real(2.5), .text(""), .text("héllo 👋"), .blob(Data()), .blob(Data([0, 1, 255]))]
        for value in values {
            #expect(try db.selectAll(sql: "SELECT echo(?)", parameters: [value]) == [[value]])
        }
        #expect(try db.selectAll(sql: "SELECT count_args(), count_args(1), count_args(1, 'a', NULL, 2.0)") == [[.long(0), .long(1), .long(4)]])
        #expect(try db.selectAll(sql: "SELECT typeof(echo(x'')), length(echo(x''))") == [[.text("blob"), .long(0)]])
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func deterministicFunctionsCanBeIndexed(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        let calls = SharedCount()
        try db.createFunction("initials", argumentCount: 1, deterministic: true) { arguments in
            calls.add()
            return .text(String((arguments[0].textValue ?? "").split(separator: " ").compactMap(\.first)))
        }
        try db.createFunction("random_tag", argumentCount: 0) { _ in .text(UUID().uuidString) }
        try db.exec(sql: "CREATE TABLE person (name TEXT)")
        try db.exec(sql: "INSERT INTO person VALUES ('Ada Lovelace'), ('Alan Turing'), ('Grace Brewster Hopper')")
        try db.exec(sql: "CREATE INDEX person_initials ON person (initials(name))")
        #expect(try db.selectAll(sql: "SELECT name FROM person WHERE initials(name) = 'GBH'") == [[.text("Grace Brewster Hopper")]])
        #expect(calls.value > 0)
        let error = try #require(throws: SQLError.self) { try db.exec(sql: "CREATE INDEX person_tag ON person (random_tag())") }
        #expect(error.code == .error && error.message.contains("non-deterministic"), "\(error)")
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func swiftErrorsBecomeStatementErrors(engine: TestEngine) throws {
        struct Refusal: Error, CustomStringConvertible { var description: String { "refused by Swift" } }
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        try db.createFunction("refuse") { _ in throw Refusal() }
        try db.createFunction("forbid") { _ in throw SQLError(code: .constraint, message: "forbidden value") }
        let plain = try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT refuse(1)") }
        #expect(plain.code == .error && plain.message == "refused by Swift", "\(plain)")
        let coded = try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT forbid()") }
        #expect(coded.code == .constraint && coded.message == "forbidden value", "\(coded)")
        // A failing function inside a write rolls the statement back.
        try db.exec(sql: "CREATE TABLE t (x)")
        #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO t SELECT 1 UNION ALL SELECT refuse(2)") }
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t") == [[.long(0)]])
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func aggregatesFoldEachGroup(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        try db.createAggregate("product", argumentCount: 1, initialState: 1.0,
                               step: { product, arguments in product *= arguments[0].realValue ?? 1 },
                               result: { .real($0) })
        try db.createAggregate("joined", initialState: [String](),
                               step: { parts, arguments in parts += arguments.map { $0.textValue ?? "∅" } },
                               result: { .text($0.joined(separator: ",")) })
        try db.exec(sql: "CREATE TABLE m (k TEXT, v REAL)")
        try db.exec(sql: "INSERT INTO m VALUES ('a', 2), ('a', 3), ('b', 0.5), ('b', 4), ('b', 10)")
        #expect(try db.selectAll(sql: "SELECT k, product(v) FROM m GROUP BY k ORDER BY k") == [[.text("a"), .real(6)], [.text("b"), .real(20)]])
        #expect(try db.selectAll(sql: "SELECT product(v) FROM m WHERE 0") == [[.real(1)]])
        #expect(try db.selectAll(sql: "SELECT joined(k, CAST(v AS TEXT), NULL) FROM (SELECT * FROM m ORDER BY rowid LIMIT 2)") == [[.text("a,2.0,∅,a,3.0,∅")]])
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func aggregateStateIsFreedEvenWhenAGroupFails(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        let before = CountedObject.live.value
        try db.createAggregate("guarded", argumentCount: 1, initialState: [CountedObject](),
                               step: { state, arguments in
                                   state.append(CountedObject())
                                   if arguments[0].longValue == 3 { throw SQLError(code: .range, message: "three is not allowed") }
                               },
                               result: { .long(Int64($0.count)) })
        try db.exec(sql: "CREATE TABLE n (g, x)")
        try db.exec(sql: "INSERT INTO n VALUES (1, 1), (1, 2), (2, 3), (2, 4)")
        let error = try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT g, guarded(x) FROM n GROUP BY g") }
        #expect(error.code == .range && error.message == "three is not allowed", "\(error)")
        // A statement stopped part-way through a group, by its caller.
        let statement = try db.prepare(sql: "SELECT guarded(x) FROM n GROUP BY g")
        #expect(try statement.next())
        try statement.close()
        #expect(try db.selectAll(sql: "SELECT guarded(x) FROM n WHERE x < 3") == [[.long(2)]])
        #expect(CountedObject.live.value == before)
        try db.close()
        #expect(CountedObject.live.value == before)
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func collationsOrderAndCompare(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        try db.createCollation("by_length") { left, right in
            left.count == right.count ? left.compare(right) : (left.count < right.count ? .orderedAscending : .orderedDescending)
        }
        try db.exec(sql: "CREATE TABLE w (word TEXT COLLATE by_length)")
        try db.exec(sql: "INSERT INTO w VALUES ('pear'), ('fig'), ('banana'), ('kiwi'), ('')")
        #expect(try db.selectAll(sql: "SELECT word FROM w ORDER BY word").map { $0[0] } == ["", "fig", "kiwi", "pear", "banana"].map(SQLValue.text))
        try db.exec(sql: "CREATE INDEX w_word ON w (word)")
        #expect(try db.selectAll(sql: "SELECT word FROM w WHERE word > 'zzzz' ORDER BY word").map { $0[0] } == [.text("banana")])
        try db.removeCollation("by_length")
        let error = try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT word FROM w ORDER BY word COLLATE by_length") }
        #expect(error.message.contains("no such collation sequence"), "\(error)")
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func functionsAreReplacedAndRemoved(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        defer { try? db.close() }
        try db.createFunction("answer", argumentCount: 0) { _ in .long(41) }
        try db.createFunction("answer", argumentCount: 0) { _ in .long(42) }
        try db.createFunction("answer", argumentCount: 1) { _ in .text("one") }
        #expect(try db.selectAll(sql: "SELECT answer(), answer(0)") == [[.long(42), .text("one")]])
        // A running statement keeps its function from being replaced.
        try db.exec(sql: "CREATE TABLE r (x)")
        try db.exec(sql: "INSERT INTO r VALUES (1), (2)")
        let running = try db.prepare(sql: "SELECT answer() FROM r")
        #expect(try running.next())
        let busy = try #require(throws: SQLError.self) { try db.createFunction("answer", argumentCount: 0) { _ in .null } }
        #expect(busy.code == .busy && busy.message.contains("answer"), "\(busy)")
        try running.close()
        try db.removeFunction("answer", argumentCount: 0)
        let missing = try #require(throws: SQLError.self) { try db.selectAll(sql: "SELECT answer()") }
        #expect(missing.message.contains("answer"), "\(missing)")
        #expect(try db.selectAll(sql: "SELECT answer(1)") == [[.text("one")]])
        try db.removeFunction("never_registered")
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func closingTheContextFreesWhatItsFunctionsHold(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try engine.openScratch(in: directory)
        let before = CountedObject.live.value
        do {
            let (first, second, third) = (CountedObject(), CountedObject(), CountedObject())
            try db.createFunction("held") { [first] _ in .long(Int64(ObjectIdentifier(first).hashValue & 1)) }
            try db.createAggregate("held_sum", initialState: 0, step: { [second] total, _ in total += ObjectIdentifier(second).hashValue & 1 }, result: { .long(Int64($0)) })
            try db.createCollation("held_order") { [third] left, right in withExtendedLifetime(third) { left.compare(right) } }
            _ = try db.selectAll(sql: "SELECT held(), held_sum(1), 'a' < 'b' COLLATE held_order")
        }
        #expect(CountedObject.live.value == before + 3)
        // Replacing or removing a registration lets go of what it held; closing, of the rest.
        try db.createFunction("held") { _ in .null }
        #expect(CountedObject.live.value == before + 2)
        try db.removeFunction("held_sum")
        #expect(CountedObject.live.value == before + 1)
        try db.close()
        #expect(CountedObject.live.value == before)
    }

    @Test func misuseIsRefusedClearly() throws {
        let db = SQLContext()
        let tooMany = try #require(throws: SQLError.self) { try db.createFunction("f", argumentCount: 128) { _ in .null } }
        #expect(tooMany.code == .misuse && tooMany.message.contains("128"), "\(tooMany)")
        let negative = try #require(throws: SQLError.self) { try db.createFunction("f", argumentCount: -1) { _ in .null } }
        #expect(negative.code == .misuse, "\(negative)")
        let longName = try #require(throws: SQLError.self) { try db.createFunction(String(repeating: "f", count: 300)) { _ in .null } }
        #expect(longName.code == .misuse && longName.message.contains("cannot register function"), "\(longName)")
        try db.close()
        let closed = try #require(throws: SQLError.self) { try db.createFunction("f") { _ in .null } }
        #expect(closed.code == .misuse && closed.message.contains("closed"), "\(closed)")
        #expect(throws: SQLError.self) { try db.createCollation("c") { $0.compare($1) } }
        #expect(throws: SQLError.self) { try db.createAggregate("a", initialState: 0, step: { _, _ in }, result: { .long(Int64($0)) }) }
    }

    @Test func theNinthEngineToRegisterAFunctionIsRefusedClearly() throws {
        // In a child process, so that the slots this takes are not the test process's.
        let lines = try run(try builtProduct("PortableSQLTestHelper"), ["function-slots"]).split(separator: "\n")
        #expect(lines.first == "engines 8")
        #expect(lines.contains { $0.hasPrefix("error SQLITE_MISUSE") && $0.contains("engine 9 cannot run Swift functions") }, "\(lines)")
        #expect(lines.last == "answers 1 2 3 4 5 6 7 8")
    }

    @Test func eachEngineCallsItsOwnFunctions() throws {
        let directory = try TemporaryDirectory()
        let contexts = try TestEngine.withSQLCipher3.map { engine in
            let db = try engine.openScratch(in: directory, "\(engine.name).sqlite")
            try db.createFunction("whoami", argumentCount: 0) { _ in .text(engine.name + " " + db.version) }
            try db.createAggregate("total", argumentCount: 1, initialState: Int64(0), step: { $0 += $1[0].longValue ?? 0 }, result: { .long($0) })
            return (engine, db)
        }
        for round in 0..<3 {
            for (engine, db) in contexts {
                #expect(try db.selectAll(sql: "SELECT whoami(), sqlite_version()") == [[.text(engine.name + " " + db.version), .text(db.version)]])
                #expect(try db.selectAll(sql: "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) SELECT total(n) FROM c", parameters: [.long(Int64(10 * (round + 1)))])
                        == [[.long(Int64(10 * (round + 1) * (10 * (round + 1) + 1) / 2))]])
            }
        }
        for (_, db) in contexts { try db.close() }
    }
}
