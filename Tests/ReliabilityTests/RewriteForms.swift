import Foundation
import PortableSQLPlus

/// How a database file of the killed-rewrite and power-loss tests is stored: plain, encrypted
/// with the test helper's raw key in SQLCipher 4's format, under that key in SQLCipher 3's
/// format, or in SQLCipher 4's format under the key `rekey-in-place` gives it.
enum RewriteForm: String, CaseIterable, Sendable {
    case plain, encrypted, sqlcipher3, rekeyed

    /// The test helper's key (`helperKey()` in `PortableSQLTestHelper`).
    static var key: SQLCipherKey { .raw(Data(repeating: 0x5A, count: 32)) }

    /// The key of `rekeyed` (`otherKey()` in `PortableSQLTestHelper`).
    static var otherKey: SQLCipherKey { .raw(Data(repeating: 0xA5, count: 32)) }

    /// Whether a file in this form is encrypted.
    var isEncrypted: Bool { self != .plain }

    /// Rows in every database of the tests; each row's text starts with `marker`.
    static let rows: Int64 = 2_000

    /// Text that every row holds in clear, so that plaintext shows in any file's bytes.
    static let marker = "plaintext-marker-"

    /// `user_version` of every database of the tests.
    static let userVersion: Int64 = 7

    /// Opens the existing file at `path` in this form; the key, when there is one, is checked.
    ///
    /// - Throws: `SQLError` when the file is not in this form.
    func open(_ path: String) throws -> SQLContext {
        let context = try SQLContext(path: path, flags: .readWrite, configuration: .plus)
        switch self {
        case .plain: try context.exec(sql: "SELECT count(*) FROM sqlite_master")
        case .encrypted: try context.key(Self.key)
        case .sqlcipher3: try context.key(Self.key, settings: SQLCipherSettings(compatibility: 3))
        case .rekeyed: try context.key(Self.otherKey)
        }
        return context
    }

    /// Writes a new database in this form at `path`: `rows` rows and `userVersion`.
    func create(_ path: String) throws {
        let context = try SQLContext(path: path, configuration: .plus)
        defer { try? context.close() }
        switch self {
        case .plain: break
        case .encrypted: try context.key(Self.key)
        case .sqlcipher3: try context.key(Self.key, settings: SQLCipherSettings(compatibility: 3))
        case .rekeyed: try context.key(Self.otherKey)
        }
        try context.exec(sql: "CREATE TABLE item (n INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        try context.exec(sql: """
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(Self.rows))
            INSERT INTO item SELECT i, '\(Self.marker)' || i || ' ' || hex(randomblob(120)) FROM c
            """)
        context.userVersion = Self.userVersion
    }

    /// Whether the file at `path` opens in this form with every row, the `user_version` and a
    /// sound structure (`PRAGMA integrity_check`); `false` when it does not open in this form.
    ///
    /// - Throws: when it opens but something is missing, naming what.
    func holdsEveryRow(_ path: String) throws -> Bool {
        guard let context = try? open(path) else { return false }
        defer { try? context.close() }
        let found = try context.selectAll(sql: "SELECT count(*), sum(n), sum(body LIKE '\(Self.marker)%') FROM item")
        let expected: [[SQLValue]] = [[.long(Self.rows), .long(Self.rows * (Self.rows + 1) / 2), .long(Self.rows)]]
        let integrity = try context.selectAll(sql: "PRAGMA integrity_check")
        guard found == expected, context.userVersion == Self.userVersion, integrity == [["ok"]] else {
            throw RewriteCheckFailure("\(path) opens as \(rawValue) but holds \(found), user_version \(context.userVersion), integrity \(integrity.prefix(3))")
        }
        return true
    }
}

/// A killed rewrite left a database that opens but lost something.
struct RewriteCheckFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
