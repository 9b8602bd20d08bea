import CSQLite
import Foundation
import PortableSQL

/// SQLite's own conversions between storage classes, computed by the system SQLite: a value is
/// bound to a prepared `SELECT ?` on a private in-memory connection and read back with
/// `sqlite3_column_int64`, `_double` or `_text`, so that a cluster context converts exactly as
/// a `.platform` one (the leading-number rule of texts, saturation of reals, `%!.15g` for reals
/// as text). One connection serves the process, one conversion at a time under a lock; only
/// values read as another storage class come here.
final class SQLiteConverter: @unchecked Sendable {
    /// The converter of the process, opened on first use.
    static let shared = SQLiteConverter()

    /// Guards the connection and its statement, which convert one value at a time.
    private let lock = NSLock()
    private var database: OpaquePointer?
    /// The `SELECT ?`; `nil` when SQLite could not open or prepare it (out of memory), and
    /// every conversion then gives SQLite's value for NULL.
    private var statement: OpaquePointer?

    private init() {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX
        if sqlite3_open_v2(":memory:", &database, flags, nil) == SQLITE_OK {
            sqlite3_prepare_v2(database, "SELECT ?", -1, &statement, nil)
        }
    }

    /// `value` as SQLite's `sqlite3_column_int64` gives it.
    func integer(_ value: SQLValue) -> Int64 {
        evaluate(value) { sqlite3_column_int64($0, 0) } ?? 0
    }

    /// `value` as SQLite's `sqlite3_column_double` gives it.
    func real(_ value: SQLValue) -> Double {
        evaluate(value) { sqlite3_column_double($0, 0) } ?? 0
    }

    /// `value` as the bytes of SQLite's `sqlite3_column_text`, without the final NUL; `nil`
    /// for NULL.
    func text(_ value: SQLValue) -> [UInt8]? {
        evaluate(value) { statement -> [UInt8]? in
            guard let text = sqlite3_column_text(statement, 0) else { return nil }
            return Array(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, 0))))
        } ?? nil
    }

    /// Binds `value`, steps the query to its row and reads it with `read`; `nil` when the
    /// connection could not be opened.
    private func evaluate<Result>(_ value: SQLValue, _ read: (OpaquePointer) -> Result) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let statement else { return nil }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        switch value {
        case .null: sqlite3_bind_null(statement, 1)
        case .long(let number): sqlite3_bind_int64(statement, 1, number)
        case .real(let number): sqlite3_bind_double(statement, 1, number)
        case .text(let text): sqlite3_bind_text(statement, 1, text, Int32(clamping: text.utf8.count), sqliteTransient)
        case .blob(let data):
            if data.isEmpty {
                sqlite3_bind_zeroblob(statement, 1, 0)
            } else {
                data.withUnsafeBytes { _ = sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32(clamping: $0.count), sqliteTransient) }
            }
        }
        return sqlite3_step(statement) == SQLITE_ROW ? read(statement) : nil
    }
}
