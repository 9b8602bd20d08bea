// SkipSQL's names for features that PortableSQL names otherwise, so that code written for
// SkipSQL compiles unchanged. Each is the feature it names.

/// SkipSQL's name for `SQLFeature`.
public typealias SQLiteFeature = SQLFeature

extension SQLFeature {
    /// SkipSQL's name for `.json`.
    public static let jsonFunction = SQLFeature.json
    /// SkipSQL's name for `.returning`.
    public static let selectReturning = SQLFeature.returning
    /// SkipSQL's name for `.rightAndFullJoin` (both came in SQLite 3.39).
    public static let rightJoin = SQLFeature.rightAndFullJoin
    /// SkipSQL's name for `.rightAndFullJoin` (both came in SQLite 3.39).
    public static let fullOuterJoin = SQLFeature.rightAndFullJoin

    /// The first SQLite version with the feature, as SkipSQL numbers versions (3.24.0 is
    /// `3_024_000`); SkipSQL's `supports(feature:)` compares it with the library's version, where
    /// PortableSQL's `supports(_:)` asks the engine. 0 for `.encryption`, which no SQLite
    /// version has and SQLCipher adds.
    public var minimumSupportedVersion: Int32 {
        switch self {
        case .rowValueSyntax: 3_015_000
        case .upsert: 3_024_000
        case .renameColumn, .windowFunctions: 3_025_000
        case .partialIntegrityCheck, .sqliteSchemaTable: 3_033_000
        case .returning, .dropColumn: 3_035_000
        case .strictTables: 3_037_000
        case .json: 3_038_000
        case .rightAndFullJoin, .rowValueInSyntax: 3_039_000
        case .fts3, .rtree: 3_006_000
        case .fts4: 3_007_004
        case .fts5: 3_009_000
        case .encryption: 0
        }
    }
}
