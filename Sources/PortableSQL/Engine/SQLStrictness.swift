/// The checks PortableSQL adds on top of SQLite's and SkipSQL's behaviour, each off by default so
/// that code written for SkipSQL gives the same results here; turn them on with
/// `SQLiteConfiguration.strict(_:)`:
///
/// ```swift
/// let db = try SQLContext(path: path, configuration: .platform.strict())
/// ```
public struct SQLStrictness: OptionSet, Hashable, Sendable {
    /// The options as bits.
    public let rawValue: Int

    /// Makes options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Foreign keys are enforced from the moment a connection opens (`PRAGMA foreign_keys = ON`),
    /// so that `REFERENCES … ON DELETE CASCADE` works as declared. Off, as in SQLite and SkipSQL,
    /// a connection enforces them only after `foreignKeysEnabled = true`.
    public static let foreignKeys = SQLStrictness(rawValue: 1 << 0)

    /// A column read with an index out of range, or on a closed statement, still returns what
    /// SQLite gives (0, `nil`, NULL) and never touches freed memory, but the statement's next
    /// `next()` (or `update`) throws `SQLITE_RANGE` / `SQLITE_MISUSE` naming the read, instead of
    /// going on silently. Off, as in SkipSQL, such a read only returns SQLite's value.
    public static let checkedReads = SQLStrictness(rawValue: 1 << 1)

    /// Binding a list of values whose count is not the statement's parameter count throws
    /// `SQLITE_RANGE` (`bind(parameters:)`, `exec`, `selectAll`, queries). Off, as in SQLite and
    /// SkipSQL, the values given are bound in order and any parameter left over is NULL.
    public static let allParametersBound = SQLStrictness(rawValue: 1 << 2)

    /// A trace hook sees each statement with its `?` placeholders, never the bound values. Off, as
    /// in SkipSQL, it sees the statement with the values written in (`SELECT 'ABC'`). Keys are
    /// never shown either way.
    public static let hiddenValuesInTrace = SQLStrictness(rawValue: 1 << 3)

    /// `exec`, `prepare` and `selectAll` throw `SQLITE_MISUSE` for text that holds more than one
    /// statement, naming `execute(script:)`, the call that runs them all. Off, as in SkipSQL
    /// (which prepares the text once), they run its first statement and leave the rest unread.
    public static let singleStatements = SQLStrictness(rawValue: 1 << 4)

    /// A join `on:` a column that is not a foreign key between the two tables it joins throws
    /// `SQLITE_MISUSE` when the query runs. Off, as in SkipSQL, its ON clause is `1`: every row
    /// of one table is paired with every row of the other.
    public static let foreignKeyJoins = SQLStrictness(rawValue: 1 << 5)

    /// Every check above.
    public static let all: SQLStrictness = [
        .foreignKeys, .checkedReads, .allParametersBound, .hiddenValuesInTrace, .singleStatements, .foreignKeyJoins,
    ]
}
