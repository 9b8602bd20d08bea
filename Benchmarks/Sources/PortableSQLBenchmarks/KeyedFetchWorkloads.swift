import Foundation
import GRDB
import GRDBSQLite
import PortableSQLMacros

// W10: one record fetched by its primary key, again and again, as a server does per request:
// each fetch its own statement run in autocommit mode, on one open connection.

/// How many records W10 fetches.
let keyedFetches = 10_000

let keyedColumnNames = ["id"] + (1..<10).map { "c\($0)" }
let createKeyedTableSQL = "CREATE TABLE keyed (id INTEGER PRIMARY KEY, " + (1..<10).map { "c\($0) INTEGER" }.joined(separator: ", ") + ")"
let insertKeyedSQL = "INSERT INTO keyed (" + keyedColumnNames.joined(separator: ", ") + ") VALUES (" + Array(repeating: "?", count: 10).joined(separator: ", ") + ")"
let selectKeyedSQL = "SELECT " + keyedColumnNames.joined(separator: ", ") + " FROM keyed WHERE id = ?"

/// The keys W10 fetches, spread over a table of `rows` rows: row `i * 7919 % rows`'s key.
func keyedFetchKeys(rows: Int) -> [Int64] {
    (0..<keyedFetches).map { benchValue($0 &* 7919 % rows, 0) }
}

/// The checksum of W10: the sum of the ten values of each record fetched.
func expectedKeyedChecksum(rows: Int) -> Int64 {
    keyedFetchKeys(rows: rows).reduce(0) { sum, key in
        let row = Int(key / 10)
        return (0..<10).reduce(sum) { $0 &+ benchValue(row, $1) }
    }
}

/// W10's record as a server would declare it with `@SQLRecord`: the key and nine integers.
@SQLRecord(table: "keyed")
struct KeyedRecord {
    @Column(primaryKey: true) var id: Int
    var c1, c2, c3, c4, c5, c6, c7, c8, c9: Int

    var sum: Int64 {
        Int64(id &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9)
    }
}

/// W10's record through GRDB, written by hand as GRDB's documentation shows.
struct GRDBKeyedRecord: FetchableRecord, TableRecord {
    static let databaseTableName = "keyed"
    var id, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int

    init(row: Row) throws {
        (id, c1, c2, c3, c4) = (row[0], row[1], row[2], row[3], row[4])
        (c5, c6, c7, c8, c9) = (row[5], row[6], row[7], row[8], row[9])
    }

    var sum: Int64 {
        Int64(id &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9)
    }
}

enum KeyedFetch {
    /// Writes W10's table of `rows` rows into a new file at `path`.
    static func makeTable(path: String, rows: Int) throws {
        let db = try Raw.open(path)
        defer { sqlite3_close_v2(db) }
        try Raw.exec(db, createKeyedTableSQL)
        try Raw.exec(db, "BEGIN")
        let statement = try Raw.prepare(db, insertKeyedSQL)
        defer { sqlite3_finalize(statement) }
        for row in 0..<rows {
            for column in 0..<10 { sqlite3_bind_int64(statement, Int32(column + 1), benchValue(row, column)) }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkFailure(String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(statement)
        }
        try Raw.exec(db, "COMMIT")
    }

    /// The floor: one prepared statement; for each key, bind, step, read ten columns, reset.
    static func raw(path: String, keys: [Int64]) throws -> Int64 {
        let db = try Raw.open(path)
        defer { sqlite3_close_v2(db) }
        let statement = try Raw.prepare(db, selectKeyedSQL)
        defer { sqlite3_finalize(statement) }
        var checksum: Int64 = 0
        for key in keys {
            sqlite3_bind_int64(statement, 1, key)
            guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchmarkFailure("raw: no row for key \(key)") }
            for column in 0..<Int32(10) { checksum &+= sqlite3_column_int64(statement, column) }
            sqlite3_reset(statement)
        }
        return checksum
    }

    /// PortableSQL: `fetch(_:id:)`, SkipSQL's spelling of a fetch by primary key.
    static func portable(path: String, keys: [Int64]) throws -> Int64 {
        let context = try Portable.open(path)
        defer { try? context.close() }
        var checksum: Int64 = 0
        for key in keys {
            guard let record = try context.fetch(KeyedRecord.self, id: .long(key)) else { throw BenchmarkFailure("PortableSQL: no row for key \(key)") }
            checksum &+= record.sum
        }
        return checksum
    }

    /// GRDB: `fetchOne(_:key:)`, each fetch in autocommit mode as the others' (`inDatabase`,
    /// not `read`, which would run all of them in one transaction).
    static func grdb(path: String, keys: [Int64]) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.inDatabase { db in
            var checksum: Int64 = 0
            for key in keys {
                guard let record = try GRDBKeyedRecord.fetchOne(db, key: key) else { throw BenchmarkFailure("GRDB: no row for key \(key)") }
                checksum &+= record.sum
            }
            return checksum
        }
    }
}
