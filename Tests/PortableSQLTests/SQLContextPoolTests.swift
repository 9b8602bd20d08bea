import Foundation
import PortableSQL
import PortableSQLTestSupport
internal import PortableSQLSystem
import Testing

/// The pool under load from many tasks and threads: consistent snapshots, no lost or
/// overlapping writes, cancellation, closing, misuse.
@Suite struct SQLContextPoolTests {
    static let accounts = 20
    static let initialBalance: Int64 = 1_000

    /// The first value of `sql`'s first row, through the blocking `read` (in async code Swift
    /// picks the async forms, so the blocking ones are called from here).
    static func scalar(_ pool: SQLContextPool, _ sql: String) throws -> SQLValue {
        try pool.read { try $0.selectAll(sql: sql)[0][0] }
    }

    /// Runs `sql` through the blocking `write`.
    static func blockingWrite(_ pool: SQLContextPool, _ sql: String) throws {
        try pool.write { try $0.exec(sql: sql) }
    }

    /// Reads from `other` inside a read of `pool`.
    static func readInside(_ pool: SQLContextPool, _ other: SQLContextPool) throws -> SQLValue {
        try pool.read { _ in try scalar(other, "SELECT 7") }
    }

    func makeBank(_ directory: TemporaryDirectory, readers: Int = 4) throws -> SQLContextPool {
        let pool = try SQLContextPool(path: directory.path("bank.db"), maximumReaderCount: readers)
        try pool.write { db in
            try db.execute(script: "CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL); CREATE TABLE transfer (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL)")
            for id in 1...Self.accounts {
                try db.exec(sql: "INSERT INTO account (id, balance) VALUES (?, ?)", parameters: [.long(Int64(id)), .long(Self.initialBalance)])
            }
        }
        return pool
    }

    @Test func readsAndWritesBlockingAndAsync() async throws {
        let directory = try TemporaryDirectory()
        let pool = try makeBank(directory)
        #expect(try Self.scalar(pool, "SELECT count(*) FROM account") == 20)
        let written = try await pool.write { db in
            try db.exec(sql: "UPDATE account SET balance = balance + 1 WHERE id = 1")
            return db.changes
        }
        #expect(written == 1)
        #expect(try await pool.read { try $0.selectAll(sql: "SELECT balance FROM account WHERE id = 1")[0][0] } == 1_001)
        // Readers are read-only; a failed write rolls back whole.
        let readOnly = try await #require(throws: SQLError.self) { try await pool.read { try $0.exec(sql: "DELETE FROM account") } }
        #expect(readOnly.code == .readOnly)
        await #expect(throws: SQLError.self) {
            try await pool.write { db in
                try db.exec(sql: "DELETE FROM account WHERE id > 10")
                try db.exec(sql: "INSERT INTO account (id, balance) VALUES (1, 0)")
            }
        }
        #expect(try Self.scalar(pool, "SELECT count(*) FROM account") == 20)
        try pool.close()
    }

    @Test func bankTransfersKeepTheTotalInEverySnapshot() async throws {
        let directory = try TemporaryDirectory()
        let pool = try makeBank(directory)
        let expectedTotal = Int64(Self.accounts) * Self.initialBalance
        let (writers, transfersEach, readers, readsEach) = (8, 60 * soakFactor(), 8, 100 * soakFactor())
        let seed = testSeed()
        let snapshotsChecked = SharedCount()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var random = SeededGenerator(seed: seed &+ UInt64(writer))
                    for _ in 0..<transfersEach {
                        let (from, to, amount) = (Int64(random.next() % 20 + 1), Int64(random.next() % 20 + 1), Int64(random.next() % 50))
                        try await pool.write { db in
                            try db.exec(sql: "UPDATE account SET balance = balance - ? WHERE id = ?", parameters: [.long(amount), .long(from)])
                            try db.exec(sql: "UPDATE account SET balance = balance + ? WHERE id = ?", parameters: [.long(amount), .long(to)])
                            try db.exec(sql: "INSERT INTO transfer (amount) VALUES (?)", parameters: [.long(amount)])
                        }
                    }
                }
            }
            for _ in 0..<readers {
                group.addTask {
                    for _ in 0..<readsEach {
                        let (first, second) = try await pool.read { db in
                            let first = try db.selectAll(sql: "SELECT sum(balance) FROM account")[0][0]
                            usleep(200)
                            let second = try db.selectAll(sql: "SELECT sum(balance) FROM account")[0][0]
                            return (first, second)
                        }
                        #expect(first == .long(expectedTotal) && second == .long(expectedTotal))
                        snapshotsChecked.add()
                    }
                }
            }
            // Blocking callers from plain threads at the same time.
            group.addTask {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    Thread.detachNewThread {
                        continuation.resume(with: Result {
                            for _ in 0..<30 {
                                #expect(try Self.scalar(pool, "SELECT sum(balance) FROM account") == .long(expectedTotal))
                                try Self.blockingWrite(pool, "INSERT INTO transfer (amount) VALUES (0)")
                            }
                        })
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(snapshotsChecked.value == readers * readsEach)
        #expect(try Self.scalar(pool, "SELECT sum(balance) FROM account") == .long(expectedTotal))
        #expect(try Self.scalar(pool, "SELECT count(*) FROM transfer") == .long(Int64(writers * transfersEach + 30)))
        try pool.close()
        let check = try SQLContext(path: directory.path("bank.db"))
        #expect(try check.selectAll(sql: "PRAGMA integrity_check") == [["ok"]])
    }

    @Test func writesNeverOverlapAndRunInTheOrderAskedFor() async throws {
        let directory = try TemporaryDirectory()
        let pool = try makeBank(directory)
        try Self.blockingWrite(pool, "CREATE TABLE step (number INTEGER NOT NULL)")
        let inside = SharedCount()
        let overlaps = SharedCount()
        // A slow write holds the writer while ten more are asked for, one after another.
        let blocker = Task { try await pool.write { _ in usleep(150_000) } }
        try await Task.sleep(nanoseconds: 20_000_000)
        var tasks: [Task<Void, any Error>] = []
        for number in 1...10 {
            tasks.append(Task {
                try await pool.write { db in
                    if inside.add() > 1 { overlaps.add() }
                    try db.exec(sql: "INSERT INTO step (number) VALUES (?)", parameters: [.long(Int64(number))])
                    inside.add(-1)
                }
            })
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        _ = try await blocker.value
        for task in tasks { try await task.value }
        #expect(overlaps.value == 0)
        #expect(try Self.scalar(pool, "SELECT group_concat(number) FROM step") == "1,2,3,4,5,6,7,8,9,10")
        try pool.close()
    }

    static let slowQuery = """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000000) SELECT sum(i) FROM n
        """

    @Test func cancellationInterruptsTheRunningStatement() async throws {
        let directory = try TemporaryDirectory()
        let pool = try makeBank(directory, readers: 1)
        // When the statement ended, measured where it runs: the test runner may keep the
        // awaiting task waiting for a thread far longer. The task is cancelled once the
        // statement runs, so that a slow start on a loaded machine does not count.
        let started = SharedCount()
        let ended = Locked<Date?>(nil)
        let read = Task {
            try await pool.read { db in
                started.add()
                defer { ended.withLock { $0 = Date() } }
                return try db.selectAll(sql: Self.slowQuery)
            }
        }
        for _ in 0..<1_000 where started.value == 0 {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        try #require(started.value == 1)
        try await Task.sleep(nanoseconds: 100_000_000)
        let cancelled = Date()
        read.cancel()
        await #expect(throws: CancellationError.self) { try await read.value }
        // The whole query takes over 10 s here; interrupted, it stops within a moment.
        let stopped = try #require(ended.withLock { $0 })
        #expect(stopped.timeIntervalSince(cancelled) < 3)

        // A cancelled write rolls back what it did.
        let write = Task {
            try await pool.write { db in
                try db.exec(sql: "DELETE FROM account")
                _ = try db.selectAll(sql: Self.slowQuery)
            }
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        write.cancel()
        await #expect(throws: CancellationError.self) { try await write.value }

        // A task cancelled before its job starts never runs it.
        let ran = SharedCount()
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.read { _ in ran.add() }
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(ran.value == 0)

        // The connections are fine afterwards.
        #expect(try await pool.read { try $0.selectAll(sql: "SELECT count(*) FROM account")[0][0] } == 20)
        try pool.close()
    }

    @Test func closingWaitsForAcceptedWorkAndRefusesNewWork() async throws {
        let directory = try TemporaryDirectory()
        let pool = try makeBank(directory, readers: 2)
        let finished = SharedCount()
        let refused = SharedCount()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<40 {
                group.addTask {
                    do {
                        if number.isMultiple(of: 2) {
                            try await pool.write { db in
                                usleep(2_000)
                                try db.exec(sql: "INSERT INTO transfer (amount) VALUES (1)")
                            }
                        } else {
                            _ = try await pool.read { db in
                                usleep(2_000)
                                return try db.selectAll(sql: "SELECT count(*) FROM transfer")
                            }
                        }
                        finished.add()
                    } catch let error as SQLError where error.code == .misuse && error.message.contains("closed") {
                        refused.add()
                    }
                }
            }
            try await Task.sleep(nanoseconds: 20_000_000)
            try pool.close()
            try await group.waitForAll()
        }
        #expect(finished.value + refused.value == 40)
        #expect(finished.value > 0)
        #expect(pool.isPoolClosed)
        try pool.close()
        #expect(throws: SQLError.self) { try Self.scalar(pool, "SELECT 1") }
        await #expect(throws: SQLError.self) { try await pool.write { _ in 1 } }

        // Every write that finished is in the file, which is whole, and a new pool opens it.
        let reopened = try SQLContextPool(path: directory.path("bank.db"))
        let written = try Self.scalar(reopened, "SELECT count(*) FROM transfer").longValue ?? -1
        #expect(written >= 1 && written <= 20)
        #expect(try Self.scalar(reopened, "PRAGMA integrity_check") == "ok")
        try reopened.close()
    }

    @Test func closeCheckpointsTheWALAndSaysWhenItCannot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bank.db")
        let pool = try makeBank(directory)
        try pool.write { db in try db.exec(sql: "INSERT INTO transfer (amount) VALUES (5)") }
        try pool.close()
        // A clean close leaves no WAL: everything is in the database file itself.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        // A connection outside the pool that is in the middle of a read keeps the checkpoint
        // from finishing: close says so, and nothing is lost.
        let second = try SQLContextPool(path: path)
        try second.write { db in try db.exec(sql: "INSERT INTO transfer (amount) VALUES (7)") }
        let outsider = try SQLContext(path: path)
        try outsider.exec(sql: "BEGIN")
        #expect(try outsider.selectAll(sql: "SELECT count(*) FROM transfer") == [[2]])
        try second.write { db in try db.exec(sql: "INSERT INTO transfer (amount) VALUES (11)") }
        let error = try #require(throws: SQLError.self) { try second.close() }
        #expect(error.code == .busy)
        #expect(error.message.contains("nothing is lost"))
        #expect(second.isPoolClosed)
        try outsider.exec(sql: "COMMIT")
        try outsider.close()
        let reopened = try SQLContext(path: path)
        #expect(try reopened.selectAll(sql: "SELECT sum(amount) FROM transfer") == [[23]])
    }

    @Test func misuseIsRefusedClearly() async throws {
        let directory = try TemporaryDirectory()
        for path in ["", ":memory:"] {
            let error = try #require(throws: SQLError.self) { try SQLContextPool(path: path) }
            #expect(error.code == .misuse)
        }
        #expect(throws: SQLError.self) { try SQLContextPool(path: directory.path("x.db"), maximumReaderCount: 0) }
        #expect(throws: SQLError.self) { try SQLContextPool(path: directory.path("missing/x.db")) }
        let text = directory.path("notes.txt")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: text))
        #expect(throws: SQLError.self) { try SQLContextPool(path: text) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: text)) == Data(repeating: 0x41, count: 4096))
        #expect(throws: SQLError.self) {
            try SQLContextPool(path: directory.path("prepare.db")) { _ in throw SQLError(code: .auth, message: "refused") }
        }

        let pool = try makeBank(directory)
        for nested in [
            { try pool.read { _ in try pool.read { _ in 1 } } },
            { try pool.write { _ in try pool.write { _ in 1 } } },
            { try pool.write { _ in try pool.read { _ in 1 } } },
            { try pool.read { _ in try pool.close(); return 1 } },
        ] {
            let error = try #require(throws: SQLError.self) { try nested() }
            #expect(error.code == .misuse && error.message.contains("inside a closure"))
        }
        // Other pools may be used inside a closure.
        let other = try SQLContextPool(path: directory.path("other.db"))
        #expect(try Self.readInside(pool, other) == 7)
        try other.close()
        try pool.close()
    }
}
