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
        try fetch(GRDBBenchRecord.self, path: path) { $0.record.sum }
    }

    static func fetchCodableRecords(path: String) throws -> Int64 {
        try fetch(GRDBCodableBenchRecord.self, path: path) { $0.record.sum }
    }

    static func insertRecords(path: String, records: [BenchRecord]) throws -> Int64 {
        try insert(records, as: GRDBBenchRecord.init(record:), path: path)
    }

    static func insertCodableRecords(path: String, records: [BenchRecord]) throws -> Int64 {
        try insert(records, as: GRDBCodableBenchRecord.init(record:), path: path)
    }

    /// W4 for one kind of GRDB record: every row decoded through a cursor.
    private static func fetch<Record: FetchableRecord>(_ type: Record.Type, path: String, sum: (Record) -> Int64) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            let records = try Record.fetchCursor(db, sql: selectSQL)
            var checksum: Int64 = 0
            while let record = try records.next() { checksum &+= sum(record) }
            return checksum
        }
    }

    /// W5 for one kind of GRDB record, made from each struct as it is inserted.
    private static func insert<Record: PersistableRecord>(_ records: [BenchRecord], as make: (BenchRecord) -> Record, path: String) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.write { db in
            try db.execute(sql: createTableSQL)
            var checksum: Int64 = 0
            for record in records {
                try make(record).insert(db)
                checksum &+= record.sum
            }
            return checksum
        }
    }
}
