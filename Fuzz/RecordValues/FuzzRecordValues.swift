// Fuzz target: any value SQLite stores, read into every supported Swift type through every
// record kind. For each input (a column declaration and a value, see `StoredInput`), the value
// is stored as an application would store it, then read:
// - by SkipSQL's column readers on a row (`longValue(in:)` … `dateValue(in:)`, and their
//   `…Required` forms), for a column of each type: each reads what SkipSQL's reads, and a
//   `…Required` form throws exactly when the plain one gives `nil`;
// - by a record written by hand, fetched from the table: by name and by position (what
//   `@SQLRecord` expands to) alike, and `value(at:in:as:)` for each `SQLColumnValue` type;
// - by plain `Codable` records with one property of each type, optional or not: the value the
//   rules give (`Expected.swift`), or a thrown `SQLDecodingError`.
// Any other answer, or a trap, is a finding.
//
// Built with libFuzzer by `Scripts/fuzz` (`make fuzz`); built plainly, it replays its corpus.
import Foundation
import FuzzDriver
import PortableSQL
import PortableSQLCodable

/// The declared type of the column a record reads, as a type (so a generic record has a table per declaration).
protocol Declared { static var index: Int { get } }
enum Untyped: Declared { static let index = 0 }
enum IntegerColumn: Declared { static let index = 1 }
enum RealColumn: Declared { static let index = 2 }
enum TextColumn: Declared { static let index = 3 }
enum BlobColumn: Declared { static let index = 4 }
enum NumericColumn: Declared { static let index = 5 }

/// A plain `Codable` record of one property, read from the column `D` declares.
struct Box<T: Codable, D: Declared>: Codable, SQLCodable {
    var id: Int?
    var v: T
}

/// The database (one thread uses it): `src` has a column per declaration; every record reads it through a view.
nonisolated(unsafe) let db: SQLContext = {
    do {
        let db = try SQLContext(path: nil)
        let columns = declarations.indices.map { "v\($0) \(declarations[$0])" }.joined(separator: ", ")
        try db.exec(sql: "CREATE TABLE src (id INTEGER PRIMARY KEY, \(columns))")
        try db.exec(sql: "CREATE VIEW hand AS SELECT * FROM src")
        return db
    } catch {
        fatalError("setting up: \(error)")
    }
}()

/// The views made so far, by name.
nonisolated(unsafe) var views: Set<String> = []

/// Stops the program, naming the input and what disagreed.
func finding(_ what: String, _ input: StoredInput, _ stored: SQLValue) -> Never {
    fatalError("\(what): \(declarations[input.declaration]) column, written \(input.expression) with \(input.parameter.sqlLiteral), stored \(stored.sqlLiteral)")
}

func check(_ bytes: UnsafeRawBufferPointer) {
    let input = StoredInput(Array(bytes))
    let stored: SQLValue
    do {
        try db.exec(sql: "DELETE FROM src")
        try db.exec(sql: "INSERT INTO src (id, v\(input.declaration)) VALUES (1, \(input.expression))", parameters: [input.parameter])
        let rows = try db.selectAll(sql: "SELECT v\(input.declaration), CAST(v\(input.declaration) AS BLOB) FROM src")
        stored = rows[0][0]
        // Text reads as its bytes do, bytes that are not UTF-8 as U+FFFD.
        if case .text(let text) = stored, case .blob(let raw) = rows[0][1], text != String(decoding: raw, as: UTF8.self) {
            finding("text read as \(text.debugDescription)", input, stored)
        }
    } catch {
        fatalError("storing \(input.parameter.sqlLiteral): \(error)")
    }
    checkSkipSQLReaders(input, stored)
    checkHandWritten(input, stored)
    switch input.declaration {
    case Untyped.index: checkCodable(Untyped.self, input, stored)
    case IntegerColumn.index: checkCodable(IntegerColumn.self, input, stored)
    case RealColumn.index: checkCodable(RealColumn.self, input, stored)
    case TextColumn.index: checkCodable(TextColumn.self, input, stored)
    case BlobColumn.index: checkCodable(BlobColumn.self, input, stored)
    default: checkCodable(NumericColumn.self, input, stored)
    }
}

@main enum Main {
    static func main() {
        FuzzDriver.run("FuzzRecordValues", check: check)
    }
}
