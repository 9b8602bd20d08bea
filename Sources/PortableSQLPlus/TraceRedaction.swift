/// Hides keys in statement text before a trace hook sees it.
enum TraceRedaction {
    /// What stands in for a key.
    static let placeholder = "'<redacted>'"

    /// `sql` cut after the first `PRAGMA key`/`rekey`/`hexkey`/`hexrekey` name or `ATTACH … KEY`
    /// it contains, with a placeholder where the key was; other statements unchanged.
    @Sendable static func redact(_ sql: String) -> String {
        if let match = sql.firstMatch(of: #/(?i)\bPRAGMA\s+(?:[A-Za-z_0-9"`\[\]]+\.)?(?:hex)?(?:re)?key\b/#) {
            return sql[..<match.range.upperBound] + " = " + placeholder
        }
        if let match = sql.firstMatch(of: #/(?is)\bATTACH\b.*?\bKEY\b/#) {
            return sql[..<match.range.upperBound] + " " + placeholder
        }
        return sql
    }
}
