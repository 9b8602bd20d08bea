/// An optional capability of a SQLite engine, for `SQLContext.supports(_:)`.
///
/// What an engine has depends on its version and on how it was compiled: Debian bookworm's
/// SQLite 3.40.1 has JSON and FTS5, its SQLCipher 3.4.1 (SQLite 3.15.2) has neither.
public enum SQLiteFeature: String, Sendable, Hashable, CaseIterable {
    /// The JSON functions (`json()`, `json_extract()`, …).
    case jsonFunction
    /// Full-text search, version 3 (`USING fts3`).
    case fts3
    /// Full-text search, version 4 (`USING fts4`).
    case fts4
    /// Full-text search, version 5 (`USING fts5`).
    case fts5
    /// R*Tree spatial indexes (`USING rtree`).
    case rtree
    /// `RIGHT JOIN` (SQLite 3.39).
    case rightJoin
    /// `FULL OUTER JOIN` (SQLite 3.39).
    case fullOuterJoin
    /// `INSERT … ON CONFLICT … DO UPDATE` (SQLite 3.24).
    case upsert
    /// `RETURNING` clauses (SQLite 3.35).
    case selectReturning
    /// Window functions such as `row_number() OVER (…)` (SQLite 3.25).
    case windowFunctions
    /// `STRICT` tables (SQLite 3.37).
    case strictTables
    /// Database encryption with a key (SQLCipher).
    case encryption
    /// Row values: `(a, b) = (1, 2)` (SQLite 3.15).
    case rowValueSyntax
    /// Row values in `IN`: `(a, b) IN (VALUES (1, 2), (3, 4))` (SQLite 3.15).
    case rowValueInSyntax
    /// `ALTER TABLE … RENAME COLUMN` (SQLite 3.25).
    case renameColumn
    /// `ALTER TABLE … DROP COLUMN` (SQLite 3.35).
    case dropColumn
    /// The schema table under its new name, `sqlite_schema` (SQLite 3.33).
    case sqliteSchemaTable
    /// `PRAGMA integrity_check(table)`, checking one table (SQLite 3.33).
    case partialIntegrityCheck

    /// Statements that succeed, on a fresh in-memory database, only where the feature exists;
    /// the last one must return a row.
    private var trial: [String] {
        switch self {
        case .jsonFunction: return ["SELECT json('{}')"]
        case .fts3: return ["CREATE VIRTUAL TABLE probe USING fts3(body)", "SELECT 1"]
        case .fts4: return ["CREATE VIRTUAL TABLE probe USING fts4(body)", "SELECT 1"]
        case .fts5: return ["CREATE VIRTUAL TABLE probe USING fts5(body)", "SELECT 1"]
        case .rtree: return ["CREATE VIRTUAL TABLE probe USING rtree(id, x0, x1)", "SELECT 1"]
        case .rightJoin: return ["SELECT 1 FROM (SELECT 1 AS a) AS l RIGHT JOIN (SELECT 1 AS a) AS r ON l.a = r.a"]
        case .fullOuterJoin: return ["SELECT 1 FROM (SELECT 1 AS a) AS l FULL OUTER JOIN (SELECT 1 AS a) AS r ON l.a = r.a"]
        case .upsert: return ["CREATE TABLE probe(a PRIMARY KEY)", "INSERT INTO probe(a) VALUES (1) ON CONFLICT(a) DO UPDATE SET a = 2", "SELECT 1"]
        case .selectReturning: return ["CREATE TABLE probe(a)", "INSERT INTO probe(a) VALUES (1) RETURNING a"]
        case .windowFunctions: return ["SELECT row_number() OVER (ORDER BY 1)"]
        case .strictTables: return ["CREATE TABLE probe(a INTEGER) STRICT", "SELECT 1"]
        case .encryption: return ["PRAGMA cipher_version"]
        case .rowValueSyntax: return ["SELECT (1, 2) = (1, 2)"]
        case .rowValueInSyntax: return ["SELECT (1, 2) IN (VALUES (1, 2))"]
        case .renameColumn: return ["CREATE TABLE probe(a)", "ALTER TABLE probe RENAME COLUMN a TO b", "SELECT 1"]
        case .dropColumn: return ["CREATE TABLE probe(a, b)", "ALTER TABLE probe DROP COLUMN b", "SELECT 1"]
        case .sqliteSchemaTable: return ["SELECT count(*) FROM sqlite_schema"]
        // Older engines read the argument as an error limit and answer "ok" too: known by version.
        case .partialIntegrityCheck: return []
        }
    }

    /// The SQLite version from which the feature exists, for features no statement can tell.
    private var minimumVersion: Int32? {
        self == .partialIntegrityCheck ? 3_033_000 : nil
    }

    /// Runs the trial on a private in-memory connection of `engine`: whether the feature is
    /// there, or `nil` when the trial could not tell.
    func probe(on engine: SQLiteEngine) -> Bool? {
        if let minimumVersion { return engine.functions.libversionNumber() >= minimumVersion }
        let context: SQLContext
        do {
            context = try SQLContext(inMemoryOn: engine)
        } catch {
            return nil
        }
        defer { context.closeConnection() }
        do {
            for statement in trial.dropLast() { try context.exec(sql: statement) }
            guard let last = trial.last else { return false }
            return !(try context.selectAll(sql: last)).isEmpty
        } catch let error as SQLError where Self.cannotTell.contains(error.resultCode) {
            return nil
        } catch {
            return false
        }
    }

    /// The errors that say nothing of the feature: the database was busy or could not be
    /// reached (a cluster's leader changed, say).
    private static let cannotTell: Set<SQLResultCode> = [.busy, .locked, .ioError, .cantOpen, .noMemory, .interrupt, .full]
}
