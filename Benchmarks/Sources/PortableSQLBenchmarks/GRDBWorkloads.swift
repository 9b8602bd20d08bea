import Foundation
import GRDB

/// GRDB 7.10.0, used as its documentation shows.
enum GRDBContender {
    static func insert(path: String, rows: Int) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.write { db in
            try db.execute(sql: createTableSQL)
            let statement = try db.makeStatement(sql: insertSQL)
            var checksum: Int64 = 0
            for row in 0..<rows {
                try statement.execute(arguments: [
                    benchValue(row, 0), benchValue(row, 1), benchValue(row, 2), benchValue(row, 3), benchValue(row, 4),
                    benchValue(row, 5), benchValue(row, 6), benchValue(row, 7), benchValue(row, 8), benchValue(row, 9),
                ])
                for column in 0..<10 { checksum &+= benchValue(row, column) }
            }
            return checksum
        }
    }

    static func fetchByIndex(path: String) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let rows = try Row.fetchCursor(db, sql: selectSQL)
            var checksum: Int64 = 0
            while let row = try rows.next() {
                for column in 0..<10 {
                    checksum &+= row[column] as Int64
                }
            }
            return checksum
        }
    }

    static func fetchByName(path: String) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let rows = try Row.fetchCursor(db, sql: selectSQL)
            var checksum: Int64 = 0
            while let row = try rows.next() {
                for name in columnNames {
                    checksum &+= row[name] as Int64
                }
            }
            return checksum
        }
    }

    static func fetchRecords(path: String) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let records = try GRDBBenchRecord.fetchCursor(db, sql: selectSQL)
            var checksum: Int64 = 0
            while let record = try records.next() { checksum &+= record.record.sum }
            return checksum
        }
    }

    static func fetchCodableRecords(path: String) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let records = try GRDBCodableBenchRecord.fetchCursor(db, sql: selectSQL)
            var checksum: Int64 = 0
            while let record = try records.next() { checksum &+= record.record.sum }
            return checksum
        }
    }

    static func insertRecords(path: String, records: [BenchRecord]) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.write { db in
            try db.execute(sql: createTableSQL)
            var checksum: Int64 = 0
            for record in records {
                try GRDBBenchRecord(record: record).insert(db)
                checksum &+= record.sum
            }
            return checksum
        }
    }

    static func insertCodableRecords(path: String, records: [BenchRecord]) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.write { db in
            try db.execute(sql: createTableSQL)
            var checksum: Int64 = 0
            for record in records {
                try GRDBCodableBenchRecord(record: record).insert(db)
                checksum &+= record.sum
            }
            return checksum
        }
    }
}
