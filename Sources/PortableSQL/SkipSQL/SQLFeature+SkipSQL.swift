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
}
