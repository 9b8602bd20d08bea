import Foundation
import GRDBSQLite
import PortableSQL

/// The floor: the SQLite C API called directly, as a careful C programmer would, with the
/// connection in multi-thread mode (`SQLITE_OPEN_NOMUTEX`).
enum Raw {
    static func open(_ path: String) throws -> OpaquePointer {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            throw BenchmarkFailure("raw open failed")
        }
        return db
    }

    static func exec(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchmarkFailure(String(cString: sqlite3_errmsg(db))) }
    }

    static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchmarkFailure(String(cString: sqlite3_errmsg(db)))
        }
        return statement
    }

    /// W1: `rows` rows of ten integers, one transaction, one prepared statement.
    static func insert(path: String, rows: Int) throws -> Int64 {
        try eachInsert(path: path, count: rows) { statement, row in
            var sum: Int64 = 0
            for column in 0..<10 {
                let value = benchValue(row, column)
                sqlite3_bind_int64(statement, Int32(column + 1), value)
                sum &+= value
            }
            return sum
        }
    }

    /// W1's reference line: the same C calls, with each row's values taken from a `[SQLValue]`
    /// built for the row, as the spec's insert sample does. What this costs over `insert` is the
    /// price of that array (building it, reading each value's case, destroying it), which any
    /// library whose API takes `[SQLValue]` pays before its own overhead.
    static func insertFromValueArrays(path: String, rows: Int) throws -> Int64 {
        try eachInsert(path: path, count: rows) { statement, row in
            let values: [SQLValue] = [
                .long(benchValue(row, 0)), .long(benchValue(row, 1)), .long(benchValue(row, 2)), .long(benchValue(row, 3)),
                .long(benchValue(row, 4)), .long(benchValue(row, 5)), .long(benchValue(row, 6)), .long(benchValue(row, 7)),
                .long(benchValue(row, 8)), .long(benchValue(row, 9)),
            ]
            var sum: Int64 = 0
            for (offset, value) in values.enumerated() {
                guard case .long(let integer) = value else { throw BenchmarkFailure("not an integer") }
                sqlite3_bind_int64(statement, Int32(offset + 1), integer)
                sum &+= integer
            }
            return sum
        }
    }

    /// W5: the same rows, bound from an array of structs.
    static func insertRecords(path: String, records: [BenchRecord]) throws -> Int64 {
        // A function, not a closure, so that it can be inlined into the loop as the other floors are.
        @inline(__always) func bind(_ statement: OpaquePointer, _ index: Int) -> Int64 {
            let record = records[index]
            sqlite3_bind_int64(statement, 1, Int64(record.c0))
            sqlite3_bind_int64(statement, 2, Int64(record.c1))
            sqlite3_bind_int64(statement, 3, Int64(record.c2))
            sqlite3_bind_int64(statement, 4, Int64(record.c3))
            sqlite3_bind_int64(statement, 5, Int64(record.c4))
            sqlite3_bind_int64(statement, 6, Int64(record.c5))
            sqlite3_bind_int64(statement, 7, Int64(record.c6))
            sqlite3_bind_int64(statement, 8, Int64(record.c7))
            sqlite3_bind_int64(statement, 9, Int64(record.c8))
            sqlite3_bind_int64(statement, 10, Int64(record.c9))
            return record.sum
        }
        return try eachInsert(path: path, count: records.count, bind)
    }

    /// On a fresh connection, creates the table and runs the INSERT once for each of `count` rows
    /// in one transaction, after `bind` has bound row `index`; adds up what `bind` returns.
    @inline(__always)
    private static func eachInsert(path: String, count: Int, _ bind: (OpaquePointer, Int) throws -> Int64) throws -> Int64 {
        let db = try open(path)
        defer { sqlite3_close_v2(db) }
        try exec(db, createTableSQL)
        try exec(db, "BEGIN")
        let statement = try prepare(db, insertSQL)
        var checksum: Int64 = 0
        for index in 0..<count {
            checksum &+= try bind(statement, index)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkFailure("raw insert failed") }
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        try exec(db, "COMMIT")
        return checksum
    }

    /// W2 and W3 (a C programmer resolves names to indexes once): every value, by index.
    static func fetch(path: String) throws -> Int64 {
        try eachRow(path: path) { statement in
            var sum: Int64 = 0
            for column in 0..<Int32(10) {
                sum &+= sqlite3_column_int64(statement, column)
            }
            return sum
        }
    }

    /// W4: every row into a struct.
    static func fetchRecords(path: String) throws -> Int64 {
        try eachRow(path: path) { statement in
            BenchRecord(
                Int(sqlite3_column_int64(statement, 0)), Int(sqlite3_column_int64(statement, 1)), Int(sqlite3_column_int64(statement, 2)),
                Int(sqlite3_column_int64(statement, 3)), Int(sqlite3_column_int64(statement, 4)), Int(sqlite3_column_int64(statement, 5)),
                Int(sqlite3_column_int64(statement, 6)), Int(sqlite3_column_int64(statement, 7)), Int(sqlite3_column_int64(statement, 8)),
                Int(sqlite3_column_int64(statement, 9))
            ).sum
        }
    }

    /// Steps through `SELECT c0 … c9 FROM bench` and adds up what `row` makes of each row.
    @inline(__always)
    private static func eachRow(path: String, _ row: (OpaquePointer) -> Int64) throws -> Int64 {
        let db = try open(path)
        defer { sqlite3_close_v2(db) }
        let statement = try prepare(db, selectSQL)
        defer { sqlite3_finalize(statement) }
        var checksum: Int64 = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            checksum &+= row(statement)
        }
        return checksum
    }
}
