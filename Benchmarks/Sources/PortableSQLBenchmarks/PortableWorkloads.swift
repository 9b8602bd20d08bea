import Foundation
import PortableSQLCodable
import PortableSQLPlus

/// PortableSQL's core and mapping layer, used as the README shows.
enum Portable {
    /// Opens `path` on `configuration`, keyed with `key` when given.
    static func open(_ path: String, configuration: SQLiteConfiguration = .platform, key: SQLCipherKey? = nil) throws -> SQLContext {
        let context = try SQLContext(path: path, configuration: configuration)
        if let key { try context.key(key) }
        return context
    }

    /// W1.
    static func insert(path: String, rows: Int, configuration: SQLiteConfiguration = .platform, key: SQLCipherKey? = nil) throws -> Int64 {
        let context = try open(path, configuration: configuration, key: key)
        defer { try? context.close() }
        try context.exec(sql: createTableSQL)
        var checksum: Int64 = 0
        try context.transaction {
            let statement = try context.prepare(sql: insertSQL)
            defer { try? statement.close() }
            for row in 0..<rows {
                let values: [SQLValue] = [
                    .long(benchValue(row, 0)), .long(benchValue(row, 1)), .long(benchValue(row, 2)), .long(benchValue(row, 3)),
                    .long(benchValue(row, 4)), .long(benchValue(row, 5)), .long(benchValue(row, 6)), .long(benchValue(row, 7)),
                    .long(benchValue(row, 8)), .long(benchValue(row, 9)),
                ]
                try statement.update(parameters: values)
                for column in 0..<10 { checksum &+= benchValue(row, column) }
            }
        }
        return checksum
    }

    /// W2: by column index.
    static func fetchByIndex(path: String, configuration: SQLiteConfiguration = .platform, key: SQLCipherKey? = nil) throws -> Int64 {
        let context = try open(path, configuration: configuration, key: key)
        defer { try? context.close() }
        let statement = try context.prepare(sql: selectSQL)
        defer { try? statement.close() }
        var checksum: Int64 = 0
        while try statement.next() {
            for column in 0..<10 {
                checksum &+= statement.long(at: column)
            }
        }
        return checksum
    }

    /// W3: by column name.
    static func fetchByName(path: String) throws -> Int64 {
        let context = try open(path)
        defer { try? context.close() }
        let statement = try context.prepare(sql: selectSQL)
        defer { try? statement.close() }
        var checksum: Int64 = 0
        while try statement.next() {
            for name in columnNames {
                checksum &+= try statement.long(named: name)
            }
        }
        return checksum
    }

    /// W4: SQLCodable records through a cursor.
    static func fetchRecords(path: String, configuration: SQLiteConfiguration = .platform, key: SQLCipherKey? = nil) throws -> Int64 {
        let context = try open(path, configuration: configuration, key: key)
        defer { try? context.close() }
        var checksum: Int64 = 0
        for result in try context.query(CodableBenchRecord.self).eval() {
            checksum &+= try result.get().record.sum
        }
        return checksum
    }

    /// W4: plain `Codable` records (`SQLCodable`) through a cursor.
    static func fetchPlainCodableRecords(path: String) throws -> Int64 {
        let context = try open(path)
        defer { try? context.close() }
        var checksum: Int64 = 0
        for result in try context.query(PlainCodableBenchRecord.self).eval() {
            checksum &+= try result.get().sum
        }
        return checksum
    }

    /// W5: SQLCodable inserts in one transaction, each record made from its struct by `make`.
    static func insertRecords<T: SQLCodable>(
        path: String, records: [BenchRecord], as make: (BenchRecord) -> T, configuration: SQLiteConfiguration = .platform
    ) throws -> Int64 {
        let context = try open(path, configuration: configuration)
        defer { try? context.close() }
        try context.exec(sql: createTableSQL)
        var checksum: Int64 = 0
        try context.transaction {
            for record in records {
                try context.insert(make(record))
                checksum &+= record.sum
            }
        }
        return checksum
    }
}
