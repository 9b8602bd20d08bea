import Foundation
import GRDB
import GRDBSQLite
import PortableSQLMacros

// W11: records of mixed types, with NULLs in different columns from row to row, inserted in one
// transaction: what issue 39 calls W7 (this benchmark's W7 is W2 at scale). A record that
// leaves a column NULL is inserted without it, as in SkipSQL, so that the rows alternate between
// four sets of columns; the raw loop binds NULL instead, with one statement for every row.

let createMixedTableSQL = "CREATE TABLE mixed (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL, payload BLOB NOT NULL, count INTEGER NOT NULL, note TEXT, rating REAL)"
let insertMixedSQL = "INSERT INTO mixed (id, name, score, payload, count, note, rating) VALUES (?, ?, ?, ?, ?, ?, ?)"

/// One row of W11: every SQLite type, and two nullable columns.
struct MixedRow {
    var id: Int64
    var name: String
    var score: Double
    var payload: Data
    var count: Int
    var note: String?
    var rating: Double?

    /// Row `index`: `note` is NULL on every second row and `rating` on every third, so that four
    /// sets of columns alternate.
    init(index: Int) {
        id = Int64(index + 1)
        name = "name \(index)"
        score = Double(index) * 0.5
        payload = Data((0..<16).map { UInt8(truncatingIfNeeded: index &+ $0) })
        count = index % 1000
        note = index % 2 == 0 ? nil : "note \(index)"
        rating = index % 3 == 0 ? nil : Double(index % 5)
    }

    /// What each contender adds up for its checksum: the numbers and the lengths of text and blob.
    var checksum: Int64 {
        id &+ Int64(name.utf8.count) &+ Int64(score) &+ Int64(payload.count) &+ Int64(count) &+ Int64(note?.utf8.count ?? 0) &+ Int64(rating ?? 0)
    }
}

/// W11's record written by hand, as SkipSQL's README shows: columns as `static let`s, a row
/// written column by column.
struct HandWrittenMixedRecord: SQLCodable {
    var row: MixedRow

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
    static let name = SQLColumn(name: "name", type: .text, nullable: false)
    static let score = SQLColumn(name: "score", type: .real, nullable: false)
    static let payload = SQLColumn(name: "payload", type: .blob, nullable: false)
    static let count = SQLColumn(name: "count", type: .long, nullable: false)
    static let note = SQLColumn(name: "note", type: .text)
    static let rating = SQLColumn(name: "rating", type: .real)
    static let table = SQLTable(name: "mixed", columns: [id, name, score, payload, count, note, rating])

    init(_ row: MixedRow) {
        self.row = row
    }

    init(row: SQLRow, context: SQLContext) throws {
        var mixed = MixedRow(index: 0)
        mixed.id = try Self.id.longValueRequired(in: row)
        mixed.name = try Self.name.textValueRequired(in: row)
        mixed.score = try Self.score.realValueRequired(in: row)
        mixed.payload = try Self.payload.blobValueRequired(in: row)
        mixed.count = Int(try Self.count.longValueRequired(in: row))
        mixed.note = Self.note.textValue(in: row)
        mixed.rating = Self.rating.realValue(in: row)
        self.row = mixed
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(self.row.id)
        row[Self.name] = SQLValue(self.row.name)
        row[Self.score] = SQLValue(self.row.score)
        row[Self.payload] = SQLValue(self.row.payload)
        row[Self.count] = SQLValue(self.row.count)
        row[Self.note] = SQLValue(self.row.note)
        row[Self.rating] = SQLValue(self.row.rating)
    }
}

/// W11's record with `@SQLRecord`.
@SQLRecord(table: "mixed")
struct MacroMixedRecord {
    @Column(primaryKey: true) var id: Int64
    var name: String
    var score: Double
    var payload: Data
    var count: Int
    var note: String?
    var rating: Double?

    init(_ row: MixedRow) {
        (id, name, score, payload, count, note, rating) = (row.id, row.name, row.score, row.payload, row.count, row.note, row.rating)
    }
}

/// W11's record through GRDB, written by hand.
struct GRDBMixedRecord: PersistableRecord {
    static let databaseTableName = "mixed"
    var row: MixedRow

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = row.id
        container["name"] = row.name
        container["score"] = row.score
        container["payload"] = row.payload
        container["count"] = row.count
        container["note"] = row.note
        container["rating"] = row.rating
    }
}

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

enum MixedRecords {
    /// The floor: one prepared statement, each value bound with its C call (NULL for a nil).
    static func raw(path: String, rows: [MixedRow]) throws -> Int64 {
        let db = try Raw.open(path)
        defer { sqlite3_close_v2(db) }
        try Raw.exec(db, createMixedTableSQL)
        try Raw.exec(db, "BEGIN")
        let statement = try Raw.prepare(db, insertMixedSQL)
        var checksum: Int64 = 0
        for row in rows {
            sqlite3_bind_int64(statement, 1, row.id)
            sqlite3_bind_text(statement, 2, row.name, -1, sqliteTransient)
            sqlite3_bind_double(statement, 3, row.score)
            _ = row.payload.withUnsafeBytes { sqlite3_bind_blob(statement, 4, $0.baseAddress, Int32($0.count), sqliteTransient) }
            sqlite3_bind_int64(statement, 5, Int64(row.count))
            if let note = row.note { sqlite3_bind_text(statement, 6, note, -1, sqliteTransient) } else { sqlite3_bind_null(statement, 6) }
            if let rating = row.rating { sqlite3_bind_double(statement, 7, rating) } else { sqlite3_bind_null(statement, 7) }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkFailure(String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(statement)
            checksum &+= row.checksum
        }
        sqlite3_finalize(statement)
        try Raw.exec(db, "COMMIT")
        return checksum
    }

    /// PortableSQL's core: one prepared statement, each row's values as `[SQLValue]`.
    static func core(path: String, rows: [MixedRow]) throws -> Int64 {
        let context = try Portable.open(path)
        defer { try? context.close() }
        try context.exec(sql: createMixedTableSQL)
        var checksum: Int64 = 0
        try context.transaction {
            let statement = try context.prepare(sql: insertMixedSQL)
            defer { try? statement.close() }
            for row in rows {
                try statement.update(parameters: [
                    .long(row.id), .text(row.name), .real(row.score), .blob(row.payload), .long(Int64(row.count)), SQLValue(row.note), SQLValue(row.rating),
                ])
                checksum &+= row.checksum
            }
        }
        return checksum
    }

    /// PortableSQL's records: `insert(_:)` for each, made from the row as it is inserted.
    static func records<T: SQLCodable>(path: String, rows: [MixedRow], as make: (MixedRow) -> T) throws -> Int64 {
        let context = try Portable.open(path)
        defer { try? context.close() }
        try context.exec(sql: createMixedTableSQL)
        var checksum: Int64 = 0
        try context.transaction {
            for row in rows {
                try context.insert(make(row))
                checksum &+= row.checksum
            }
        }
        return checksum
    }

    /// GRDB: `insert(_:)` of a hand-written `PersistableRecord` for each.
    static func grdb(path: String, rows: [MixedRow]) throws -> Int64 {
        let queue = try DatabaseQueue(path: path)
        return try queue.write { db in
            try db.execute(sql: createMixedTableSQL)
            var checksum: Int64 = 0
            for row in rows {
                try GRDBMixedRecord(row: row).insert(db)
                checksum &+= row.checksum
            }
            return checksum
        }
    }
}
