import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Change observation through the update, commit and rollback hooks, on a context and on a
/// pool, on every engine: notified after commits only, never for rolled-back work.
@Suite(.timeLimit(.minutes(5))) struct ChangeObservationTests {
    static func notes(_ engine: TestEngine, in directory: TemporaryDirectory) throws -> SQLContext {
        let db = try engine.open(directory.path("notes.sqlite"))
        try db.execute(script: "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT); CREATE TABLE tag (name TEXT)")
        return db
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func commitsAreReportedAfterTheyEnd(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.notes(engine, in: directory)
        defer { try? db.close() }
        var seen: [(tables: Set<String>, count: Int64?)] = []
        let observation = try db.observeChanges(in: .tables("NOTE")) { changes in
            // The handler may read the committed data on the same context.
            seen.append((changes.tableNames, try? db.selectAll(sql: "SELECT count(*) FROM note")[0][0].longValue))
        }
        try db.exec(sql: "INSERT INTO note (title) VALUES ('one')")
        try db.exec(sql: "INSERT INTO tag VALUES ('unwatched')")
        try db.transaction {
            try db.exec(sql: "INSERT INTO note (title) VALUES ('two')")
            try db.exec(sql: "INSERT INTO note (title) VALUES ('three')")
            #expect(seen.count == 1, "nothing is reported before the commit")
        }
        #expect(seen.map(\.tables) == [["note"], ["note"]])
        #expect(seen.map(\.count) == [1, 3])
        observation.cancel()
        try db.exec(sql: "INSERT INTO note (title) VALUES ('four')")
        #expect(seen.count == 2 && observation.isCancelled)
    }

    @Test(arguments: TestEngine.withSQLCipher3)
    func rolledBackWorkIsNeverReported(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.notes(engine, in: directory)
        defer { try? db.close() }
        var seen: [Set<String>] = []
        let observation = try db.observeChanges { seen.append($0.tableNames) }
        struct Undo: Error {}
        #expect(throws: Undo.self) {
            try db.transaction {
                try db.exec(sql: "INSERT INTO note (title) VALUES ('gone')")
                throw Undo()
            }
        }
        try db.execute(script: "BEGIN; INSERT INTO tag VALUES ('gone'); ROLLBACK")
        #expect(seen.isEmpty)
        // A nested transaction rolled back inside one that commits: only the rest is reported.
        try db.transaction {
            try db.exec(sql: "INSERT INTO tag VALUES ('kept')")
            _ = try? db.transaction {
                try db.exec(sql: "INSERT INTO note (title) VALUES ('undone')")
                throw Undo()
            }
        }
        #expect(seen == [["tag"]])
        // A constraint failure in autocommit mode changes nothing, and reports nothing.
        try db.exec(sql: "INSERT INTO note (id, title) VALUES (1, 'first')")
        #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO note (id, title) VALUES (1, 'again')") }
        #expect(seen == [["tag"], ["note"]])
        withExtendedLifetime(observation) {}
    }

    @Test(arguments: TestEngine.both)
    func rowsAreWatchedOneByOneIncludingADeleteOfEverything(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.notes(engine, in: directory)
        defer { try? db.close() }
        try db.exec(sql: "INSERT INTO note (id, title) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
        var seen: [SQLObservedRegion] = []
        let observation = try db.observeChanges(in: .rows(table: "note", rowIDs: [2, 3])) { seen.append($0) }
        try db.exec(sql: "UPDATE note SET title = 'A' WHERE id = 1")
        #expect(seen.isEmpty)
        try db.exec(sql: "UPDATE note SET title = upper(title)")
        #expect(seen == [.rows(table: "note", rowIDs: [2, 3])])
        // SQLite empties a table at once for a DELETE without WHERE, and reports no row, unless observed.
        try db.exec(sql: "DELETE FROM note")
        #expect(seen.last == .rows(table: "note", rowIDs: [2, 3]))
        try db.exec(sql: "INSERT INTO note (id, title) VALUES (3, 'again')")
        #expect(seen.last == .rows(table: "note", rowIDs: [3]))
        #expect(seen.count == 3)
        withExtendedLifetime(observation) {}
    }

    @Test(arguments: TestEngine.both)
    func onUpdateAndObserversShareTheHook(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.notes(engine, in: directory)
        defer { try? db.close() }
        var updates: [String] = []
        db.onUpdate { action, rowID, _, table in updates.append("\(action) \(table) \(rowID)") }
        var commits = 0
        var observation: SQLObservation? = try db.observeChanges { _ in commits += 1 }
        try db.exec(sql: "INSERT INTO note (id, title) VALUES (5, 'x')")
        observation = nil
        try db.exec(sql: "DELETE FROM note WHERE id = 5")
        #expect(updates == ["insert note 5", "delete note 5"] && commits == 1)
        db.onUpdate(hook: nil)
        try db.exec(sql: "INSERT INTO note (id, title) VALUES (6, 'y')")
        #expect(updates.count == 2 && observation == nil)
    }

    @Test(arguments: TestEngine.both)
    func theHooksGoWhenTheLastObserverDoes(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let db = try Self.notes(engine, in: directory)
        defer { try? db.close() }
        var deletes = 0
        db.onUpdate { action, _, _, _ in if action == .delete { deletes += 1 } }
        try db.exec(sql: "INSERT INTO note (title) VALUES ('a'), ('b')")
        // Unobserved, SQLite empties the table at once and the update hook hears nothing.
        try db.exec(sql: "DELETE FROM note")
        #expect(deletes == 0)
        let observation = try db.observeChanges { _ in }
        try db.exec(sql: "INSERT INTO note (title) VALUES ('a'), ('b')")
        try db.exec(sql: "DELETE FROM note")
        #expect(deletes == 2)
        observation.cancel()
        // The next commit drops the cancelled observer and, with it, the authorizer: statements
        // prepared from then on empty a table at once again.
        try db.exec(sql: "INSERT INTO note (title) VALUES ('a'), ('b')")
        try db.exec(sql: "DELETE FROM main.note")
        #expect(deletes == 2)
        #expect(try db.selectAll(sql: "SELECT count(*) FROM note") == [[.long(0)]])
    }

    @Test func aCommitThatFailsIsReportedWhenItSucceeds() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.sqlite")
        let writer = try SQLContext(path: path)
        defer { try? writer.close() }
        try writer.exec(sql: "CREATE TABLE t (x)")
        let reader = try SQLContext(path: path)
        defer { try? reader.close() }
        var reports = 0
        let observation = try writer.observeChanges { _ in reports += 1 }
        try reader.exec(sql: "BEGIN")
        _ = try reader.selectAll(sql: "SELECT count(*) FROM t")
        try writer.execute(script: "BEGIN; INSERT INTO t VALUES (1)")
        // The reader's lock keeps the rollback-journal commit from finishing.
        let busy = try #require(throws: SQLError.self) { try writer.exec(sql: "COMMIT") }
        #expect(busy.code == .busy && writer.isInTransaction && reports == 0, "\(busy)")
        try reader.exec(sql: "COMMIT")
        try writer.exec(sql: "COMMIT")
        #expect(reports == 1)
        withExtendedLifetime(observation) {}
    }

    @Test(arguments: TestEngine.both)
    func aContextGivesFreshResultsAsASequence(engine: TestEngine) async throws {
        let directory = try TemporaryDirectory()
        let db = try Self.notes(engine, in: directory)
        let counts = try db.observe(.tables("note")) { try $0.selectAll(sql: "SELECT count(*) FROM note")[0][0] }
        var iterator = counts.makeAsyncIterator()
        #expect(try await iterator.next() == .long(0))
        try db.exec(sql: "INSERT INTO note (title) VALUES ('a')")
        #expect(try await iterator.next() == .long(1))
        try db.exec(sql: "INSERT INTO tag VALUES ('ignored')")
        try db.exec(sql: "INSERT INTO note (title) VALUES ('b'), ('c')")
        #expect(try await iterator.next() == .long(3))
        try db.close()
        #expect(try await iterator.next() == nil)
        #expect(throws: SQLError.self) { try db.observeChanges { _ in } }
    }

    @Test func aFailingFetchEndsTheSequenceWithItsError() async throws {
        let db = SQLContext()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t (x)")
        let values = try db.observe { try $0.selectAll(sql: "SELECT x FROM t").count == 2 ? $0.selectAll(sql: "SELECT nothing FROM t").count : 0 }
        var iterator = values.makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        try db.exec(sql: "INSERT INTO t VALUES (1), (2)")
        await #expect(throws: SQLError.self) { _ = try await iterator.next() }
    }

    static func pool(_ engine: TestEngine, _ path: String) throws -> SQLContextPool {
        let pool = try engine.key.map { try SQLContextPool(path: path, key: $0) } ?? SQLContextPool(path: path)
        try pool.write { try $0.execute(script: "CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT); CREATE TABLE tag (name TEXT)") }
        return pool
    }

    @Test(arguments: TestEngine.both)
    func aPoolGivesFreshResultsInCommitOrder(engine: TestEngine) async throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(engine, directory.path("pool.sqlite"))
        let titles = pool.observe(.tables("note")) { db in
            try db.selectAll(sql: "SELECT title FROM note ORDER BY id").map { $0[0].textValue ?? "" }
        }
        var iterator = titles.makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await pool.write { try $0.exec(sql: "INSERT INTO note (title) VALUES ('a')") }
        #expect(try await iterator.next() == ["a"])
        struct Undo: Error {}
        await #expect(throws: Undo.self) {
            try await pool.write { db in
                try db.exec(sql: "INSERT INTO note (title) VALUES ('never')")
                throw Undo()
            }
        }
        try await pool.write { try $0.exec(sql: "INSERT INTO tag VALUES ('t')") }
        // Many quick commits: each value comes after the one before, and the last is the final state.
        for index in 0..<50 {
            try await pool.write { try $0.exec(sql: "INSERT INTO note (title) VALUES (?)", parameters: [.text("n\(index)")]) }
        }
        // A run may see a state the run before it saw already: values never go back, and may repeat.
        var last: [String] = []
        var previousCount = 1
        while last.count < 51 {
            last = try #require(try await iterator.next())
            #expect(last.count >= previousCount && !last.contains("never"))
            previousCount = last.count
        }
        #expect(last == ["a"] + (0..<50).map { "n\($0)" })
        try pool.close()
        while let repeated = try await iterator.next() {
            #expect(repeated == last)
        }
    }

    @Test(arguments: TestEngine.both)
    func aPoolReportsItsCommitsToHandlers(engine: TestEngine) throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(engine, directory.path("pool.sqlite"))
        let notified = SharedCount()
        let rowsSeen = SharedCount()
        let observation = try pool.observeChanges(in: .rows(table: "note", rowIDs: [1])) { changes in
            notified.add()
            rowsSeen.add(changes.rowIDs.count)
        }
        try pool.write { try $0.exec(sql: "INSERT INTO note (id, title) VALUES (1, 'x'), (2, 'y')") }
        try pool.write { try $0.exec(sql: "UPDATE note SET title = 'z' WHERE id = 2") }
        try pool.write { try $0.exec(sql: "UPDATE note SET title = 'w'") }
        #expect(notified.value == 2 && rowsSeen.value == 2)
        let nested = try #require(throws: SQLError.self) { try pool.write { _ in try pool.observeChanges { _ in } } }
        #expect(nested.code == .misuse, "\(nested)")
        try pool.close()
        #expect(observation.isCancelled)
        #expect(throws: SQLError.self) { try pool.observeChanges { _ in } }
    }

    @Test func droppingTheSequenceStopsThePoolObservation() async throws {
        let directory = try TemporaryDirectory()
        let pool = try Self.pool(.platform, directory.path("pool.sqlite"))
        defer { try? pool.close() }
        let runs = SharedCount()
        do {
            let stream = pool.observe { db in
                runs.add()
                return try db.selectAll(sql: "SELECT count(*) FROM note")[0][0]
            }
            var iterator = stream.makeAsyncIterator()
            #expect(try await iterator.next() == .long(0))
        }
        try await pool.write { try $0.exec(sql: "INSERT INTO note (title) VALUES ('a')") }
        try await Task.sleep(for: .milliseconds(200))
        #expect(runs.value == 1)
    }
}
