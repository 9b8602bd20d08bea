import Foundation
import GRDB
import GRDBSQLite
import PortableSQLMacros

/// W4a: every row into an array of structs — the array the application keeps — through each
/// API that builds one: a cursor appended to by hand, `fetchAll`, `query(…).eval().load()`.
/// The checksum is the sum over the finished array.
enum ArrayWorkload {
    static func checksum<T>(_ records: [T], _ sum: (T) -> Int64) -> Int64 {
        records.reduce(0) { $0 &+ sum($1) }
    }
}

extension Raw {
    /// The floor: the raw loop appending each row's struct to an array.
    static func fetchRecordArray(path: String) throws -> Int64 {
        let db = try open(path)
        defer { sqlite3_close_v2(db) }
        let statement = try prepare(db, selectSQL)
        defer { sqlite3_finalize(statement) }
        var records: [BenchRecord] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            records.append(BenchRecord(
                Int(sqlite3_column_int64(statement, 0)), Int(sqlite3_column_int64(statement, 1)), Int(sqlite3_column_int64(statement, 2)),
                Int(sqlite3_column_int64(statement, 3)), Int(sqlite3_column_int64(statement, 4)), Int(sqlite3_column_int64(statement, 5)),
                Int(sqlite3_column_int64(statement, 6)), Int(sqlite3_column_int64(statement, 7)), Int(sqlite3_column_int64(statement, 8)),
                Int(sqlite3_column_int64(statement, 9))))
        }
        return ArrayWorkload.checksum(records, \.sum)
    }
}

extension Portable {
    /// How a PortableSQLCodable contender builds its array.
    enum ArrayAPI: String, CaseIterable {
        case cursor = "cursor", fetchAll = "fetchAll", load = "query.load()"
    }

    /// The array of `T` records through `api`, summed by `sum`.
    static func fetchRecordArray<T: SQLCodable>(_ type: T.Type, path: String, api: ArrayAPI, sum: (T) -> Int64) throws -> Int64 {
        let context = try open(path)
        defer { try? context.close() }
        let records: [T]
        switch api {
        case .cursor:
            var appended: [T] = []
            for result in try context.query(type).eval() { appended.append(try result.get()) }
            records = appended
        case .fetchAll:
            records = try context.fetchAll(type)
        case .load:
            records = try context.query(type).eval().load()
        }
        return ArrayWorkload.checksum(records, sum)
    }
}

extension GRDBContender {
    /// GRDB's `fetchAll` of its hand-written record.
    static func fetchRecordArray(path: String) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        let records = try queue.read { db in try GRDBBenchRecord.fetchAll(db, sql: selectSQL) }
        return ArrayWorkload.checksum(records) { $0.record.sum }
    }
}
