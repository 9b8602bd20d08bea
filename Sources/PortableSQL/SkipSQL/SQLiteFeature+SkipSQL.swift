// SkipSQL's version numbers of the features, so that code written for SkipSQL compiles unchanged.

extension SQLiteFeature {
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
        case .selectReturning, .dropColumn: 3_035_000
        case .strictTables: 3_037_000
        case .jsonFunction: 3_038_000
        case .rightJoin, .fullOuterJoin, .rowValueInSyntax: 3_039_000
        case .fts3, .rtree: 3_006_000
        case .fts4: 3_007_004
        case .fts5: 3_009_000
        case .encryption: 0
        }
    }
}
