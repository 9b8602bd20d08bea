import Foundation
import GRDB
import PortableSQL

/// W8: many threads reading through a connection pool, alone or beside a thread that writes,
/// for PortableSQL's `SQLContextPool` and GRDB's `DatabasePool`, each with 4 readers at most.
///
/// Every read prepares one statement (as both libraries' documentation does), reads 100 rows
/// of 10 integers by rowid range and sums them; every write inserts one row in its own
/// transaction. The checksum is the sum of everything read plus the number of writes.
enum PoolWorkload {
    /// Reads in one run, shared out among the reading threads.
    static let reads = 4_000
    /// Writes in one run of the mixed workload.
    static let writes = 400
    static let rangeSQL = selectSQL + " WHERE rowid BETWEEN ? AND ?"
    static let createLogSQL = "CREATE TABLE IF NOT EXISTS log (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)"
    static let insertLogSQL = "INSERT INTO log (value) VALUES (?)"

    /// The first rowid of read `number`: spread over the table, the same for every contender.
    static func start(ofRead number: Int, rows: Int) -> Int64 {
        Int64(number &* 7_919 % (rows - 100)) + 1
    }

    /// Runs `body(thread)` on `threads` threads at once (real threads, so that four readers
    /// are four even on two cores) and sums what they return.
    static func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) throws -> Int64) throws -> Int64 {
        let results = ThreadResults()
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                results.append(Result { try body(thread) })
                group.leave()
            }
        }
        group.wait()
        return try results.sum()
    }

    /// One writing thread making `writes` writes with `write(number)` beside 4 reading threads
    /// running `read(thread)`; the sum of the reads plus the number of writes.
    static func mixed(read: @escaping @Sendable (Int) throws -> Int64, write: @escaping @Sendable (Int) throws -> Void) throws -> Int64 {
        try onThreads(5) { thread in
            guard thread == 0 else { return try read(thread - 1) }
            for number in 0..<writes { try write(number) }
            return Int64(writes)
        }
    }

    /// The reads of thread `thread` of `threads`: the numbers `thread`, `thread + threads`, …
    static func readNumbers(thread: Int, threads: Int) -> StrideTo<Int> {
        stride(from: thread, to: reads, by: threads)
    }
}

/// What the threads of `PoolWorkload.onThreads` return, collected under a lock.
private final class ThreadResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Int64, any Error>] = []

    func append(_ result: Result<Int64, any Error>) {
        lock.lock()
        results.append(result)
        lock.unlock()
    }

    func sum() throws -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        return try results.reduce(0) { try $0 &+ $1.get() }
    }
}

extension Portable {
    /// A pool of 4 readers over `path`, with the log table the mixed workload writes.
    static func makePool(path: String) throws -> SQLContextPool {
        let pool = try SQLContextPool(path: path, maximumReaderCount: 4)
        try pool.write { try $0.exec(sql: PoolWorkload.createLogSQL) }
        return pool
    }

    /// The same reads on one plain `SQLContext`, without a pool or a transaction per read: what
    /// the pool's hand-over and snapshot cost is measured against.
    static func plainReads(path: String, rows: Int) throws -> Int64 {
        let context = try SQLContext(path: path, flags: .readOnly)
        defer { try? context.close() }
        var checksum: Int64 = 0
        for number in 0..<PoolWorkload.reads {
            checksum &+= try readRange(context, start: PoolWorkload.start(ofRead: number, rows: rows))
        }
        return checksum
    }

    /// One read of the workload: the sum of 100 rows from `start` on.
    private static func readRange(_ db: SQLContext, start: Int64) throws -> Int64 {
        let statement = try db.prepare(sql: PoolWorkload.rangeSQL)
        defer { try? statement.close() }
        try statement.bind(parameters: [.long(start), .long(start + 99)])
        var sum: Int64 = 0
        while try statement.next() {
            for column in 0..<10 { sum &+= statement.long(at: column) }
        }
        return sum
    }

    static func poolReads(_ pool: SQLContextPool, threads: Int, rows: Int) throws -> Int64 {
        try PoolWorkload.onThreads(threads) { thread in try poolReads(pool, threads: threads, thread: thread, rows: rows) }
    }

    static func poolMixed(_ pool: SQLContextPool, rows: Int) throws -> Int64 {
        try PoolWorkload.mixed(read: { thread in try poolReads(pool, threads: 4, thread: thread, rows: rows) }) { number in
            try pool.write { db in try db.exec(sql: PoolWorkload.insertLogSQL, parameters: [.long(Int64(number))]) }
        }
    }

    /// The reads of one of `threads` reading threads.
    private static func poolReads(_ pool: SQLContextPool, threads: Int, thread: Int, rows: Int) throws -> Int64 {
        var checksum: Int64 = 0
        for number in PoolWorkload.readNumbers(thread: thread, threads: threads) {
            let start = PoolWorkload.start(ofRead: number, rows: rows)
            checksum &+= try pool.read { db in try readRange(db, start: start) }
        }
        return checksum
    }
}

extension GRDBContender {
    /// A pool of 4 readers over `path`, with the log table the mixed workload writes.
    static func makePool(path: String) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.maximumReaderCount = 4
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { try $0.execute(sql: PoolWorkload.createLogSQL) }
        return pool
    }

    static func poolReads(_ pool: DatabasePool, threads: Int, rows: Int) throws -> Int64 {
        try PoolWorkload.onThreads(threads) { thread in try poolReads(pool, threads: threads, thread: thread, rows: rows) }
    }

    static func poolMixed(_ pool: DatabasePool, rows: Int) throws -> Int64 {
        try PoolWorkload.mixed(read: { thread in try poolReads(pool, threads: 4, thread: thread, rows: rows) }) { number in
            try pool.write { db in try db.execute(sql: PoolWorkload.insertLogSQL, arguments: [Int64(number)]) }
        }
    }

    /// The reads of one of `threads` reading threads.
    private static func poolReads(_ pool: DatabasePool, threads: Int, thread: Int, rows: Int) throws -> Int64 {
        var checksum: Int64 = 0
        for number in PoolWorkload.readNumbers(thread: thread, threads: threads) {
            let start = PoolWorkload.start(ofRead: number, rows: rows)
            checksum &+= try pool.read { db in
                let cursor = try Row.fetchCursor(db, sql: PoolWorkload.rangeSQL, arguments: [start, start + 99])
                var sum: Int64 = 0
                while let row = try cursor.next() {
                    for column in 0..<10 { sum &+= row[column] as Int64 }
                }
                return sum
            }
        }
        return checksum
    }
}
