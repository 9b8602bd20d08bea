/// What an integrity check found: `SQLContext.integrityCheck`, or SQLCipher's
/// `cipherIntegrityCheck` in PortableSQLPlus.
public struct SQLIntegrityReport: Sendable, Hashable {
    /// Each problem found, in SQLite's words; empty when the database is sound.
    public let problems: [String]

    /// A report of these problems.
    public init(problems: [String]) {
        self.problems = problems
    }

    /// Whether nothing was found wrong.
    public var isOK: Bool { problems.isEmpty }
}
