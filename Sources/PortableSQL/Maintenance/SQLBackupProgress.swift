/// How far an online backup has come, as `SQLContext.backup` reports it after each step.
public struct SQLBackupProgress: Sendable, Hashable {
    /// The pages of the source database, as of the last step (it changes when the source grows).
    public let totalPages: Int
    /// The pages still to copy.
    public let remainingPages: Int

    /// A report with these counts.
    public init(totalPages: Int, remainingPages: Int) {
        self.totalPages = totalPages
        self.remainingPages = remainingPages
    }

    /// The pages copied so far.
    public var copiedPages: Int { totalPages - remainingPages }

    /// The part done, from 0 to 1 (1 for an empty database).
    public var fractionCompleted: Double {
        totalPages == 0 ? 1 : Double(copiedPages) / Double(totalPages)
    }
}
