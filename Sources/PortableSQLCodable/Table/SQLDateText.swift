import Foundation
internal import PortableSQLSystem

/// The dates that SkipSQL's `SQLColumn.dateValue(in:)` reads from a TEXT column, read the same
/// way: ISO-8601 as `ISO8601DateFormatter` reads it by default (date, time and zone, no
/// fractional seconds), trying in turn the text as stored, with its spaces written as `T`,
/// then with a `Z` added, then cut before its first `.` with a `Z` added.
enum SQLDateText {
    /// One formatter for every read; a formatter is not safe to share between threads unlocked.
    private static let formatter = Locked(ISO8601DateFormatter())

    /// The date `text` holds, or `nil`.
    static func date(_ text: String) -> Date? {
        formatter.withLock { formatter in
            if let date = formatter.date(from: text) { return date }
            var candidate = text.replacingOccurrences(of: " ", with: "T")
            if let date = formatter.date(from: candidate) { return date }
            candidate += "Z"
            if let date = formatter.date(from: candidate) { return date }
            candidate = (candidate.split(separator: ".").first.map(String.init) ?? candidate) + "Z"
            return formatter.date(from: candidate)
        }
    }
}
