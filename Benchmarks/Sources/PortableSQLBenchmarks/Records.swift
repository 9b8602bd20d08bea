import Foundation
import GRDB
import PortableSQLMacros

/// The record of the benchmarks: ten integers.
struct BenchRecord: Equatable {
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int

    init(row index: Int) {
        (c0, c1, c2, c3, c4) = (Int(benchValue(index, 0)), Int(benchValue(index, 1)), Int(benchValue(index, 2)), Int(benchValue(index, 3)), Int(benchValue(index, 4)))
        (c5, c6, c7, c8, c9) = (Int(benchValue(index, 5)), Int(benchValue(index, 6)), Int(benchValue(index, 7)), Int(benchValue(index, 8)), Int(benchValue(index, 9)))
    }

    init(_ c0: Int, _ c1: Int, _ c2: Int, _ c3: Int, _ c4: Int, _ c5: Int, _ c6: Int, _ c7: Int, _ c8: Int, _ c9: Int) {
        (self.c0, self.c1, self.c2, self.c3, self.c4, self.c5, self.c6, self.c7, self.c8, self.c9) = (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9)
    }

    var sum: Int64 {
        Int64(c0 &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9)
    }
}

/// The record through PortableSQLCodable.
struct CodableBenchRecord: SQLCodable {
    var record: BenchRecord

    static let c0 = SQLColumn(name: "c0", type: .long)
    static let c1 = SQLColumn(name: "c1", type: .long)
    static let c2 = SQLColumn(name: "c2", type: .long)
    static let c3 = SQLColumn(name: "c3", type: .long)
    static let c4 = SQLColumn(name: "c4", type: .long)
    static let c5 = SQLColumn(name: "c5", type: .long)
    static let c6 = SQLColumn(name: "c6", type: .long)
    static let c7 = SQLColumn(name: "c7", type: .long)
    static let c8 = SQLColumn(name: "c8", type: .long)
    static let c9 = SQLColumn(name: "c9", type: .long)
    static let table = SQLTable(name: "bench", columns: [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9])

    init(record: BenchRecord) {
        self.record = record
    }

    // Read by position through the table's layout, the fastest hand-written form (reading each
    // `static let` column with `longValueRequired(in:)` measured about 9% slower in W4).
    init(row: SQLRow, context: SQLContext) throws {
        let table = Self.table
        record = BenchRecord(
            Int(try table.longValueRequired(at: 0, in: row)), Int(try table.longValueRequired(at: 1, in: row)),
            Int(try table.longValueRequired(at: 2, in: row)), Int(try table.longValueRequired(at: 3, in: row)),
            Int(try table.longValueRequired(at: 4, in: row)), Int(try table.longValueRequired(at: 5, in: row)),
            Int(try table.longValueRequired(at: 6, in: row)), Int(try table.longValueRequired(at: 7, in: row)),
            Int(try table.longValueRequired(at: 8, in: row)), Int(try table.longValueRequired(at: 9, in: row)))
    }

    func encode(row: inout SQLRow) throws {
        row[Self.c0] = SQLValue(record.c0)
        row[Self.c1] = SQLValue(record.c1)
        row[Self.c2] = SQLValue(record.c2)
        row[Self.c3] = SQLValue(record.c3)
        row[Self.c4] = SQLValue(record.c4)
        row[Self.c5] = SQLValue(record.c5)
        row[Self.c6] = SQLValue(record.c6)
        row[Self.c7] = SQLValue(record.c7)
        row[Self.c8] = SQLValue(record.c8)
        row[Self.c9] = SQLValue(record.c9)
    }
}

/// The record through PortableSQLMacros: the same ten integers, with the code `@SQLRecord` writes.
@SQLRecord(table: "bench")
struct MacroBenchRecord {
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int

    init(record: BenchRecord) {
        (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9) = (record.c0, record.c1, record.c2, record.c3, record.c4, record.c5, record.c6, record.c7, record.c8, record.c9)
    }

    var sum: Int64 {
        Int64(c0 &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9)
    }
}

/// The record as a plain `Codable` struct (`SQLCodable`): no columns declared.
struct PlainCodableBenchRecord: Codable, SQLCodable {
    static let tableName = "bench"
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int

    init(record: BenchRecord) {
        (c0, c1, c2, c3, c4) = (record.c0, record.c1, record.c2, record.c3, record.c4)
        (c5, c6, c7, c8, c9) = (record.c5, record.c6, record.c7, record.c8, record.c9)
    }

    var sum: Int64 {
        Int64(c0 &+ c1 &+ c2 &+ c3 &+ c4 &+ c5 &+ c6 &+ c7 &+ c8 &+ c9)
    }
}

/// The record through GRDB, written by hand.
struct GRDBBenchRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "bench"
    var record: BenchRecord

    init(record: BenchRecord) {
        self.record = record
    }

    init(row: Row) throws {
        record = BenchRecord(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9])
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["c0"] = record.c0
        container["c1"] = record.c1
        container["c2"] = record.c2
        container["c3"] = record.c3
        container["c4"] = record.c4
        container["c5"] = record.c5
        container["c6"] = record.c6
        container["c7"] = record.c7
        container["c8"] = record.c8
        container["c9"] = record.c9
    }
}

/// The record through GRDB, with Codable-synthesized coding.
struct GRDBCodableBenchRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "bench"
    var c0, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int

    init(record: BenchRecord) {
        (c0, c1, c2, c3, c4) = (record.c0, record.c1, record.c2, record.c3, record.c4)
        (c5, c6, c7, c8, c9) = (record.c5, record.c6, record.c7, record.c8, record.c9)
    }

    var record: BenchRecord { BenchRecord(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9) }
}
