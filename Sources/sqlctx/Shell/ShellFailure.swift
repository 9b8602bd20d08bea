#if Tool
import PortableSQL

/// An error of the shell's input, with where it happened: `line 3: …` for standard input,
/// `FILE line 3: …` for a `.read` file, nothing for a line just typed at the terminal. Its text
/// is in the tool's terms and shows no key.
struct ShellFailure: Error, CustomStringConvertible {
    /// The place, then the message.
    let description: String

    /// `error` placed at `place` (`line 3`, `FILE line 3`, or `nil` for none). An error that
    /// already has its place (from a `.read` file) keeps it.
    init(_ error: Error, place: String?) {
        if let placed = error as? ShellFailure {
            description = placed.description
            return
        }
        description = (place.map { "\($0): " } ?? "") + Self.message(for: error)
    }

    /// The text for `error`: the tool's own message, or for SQLite's errors its code and message
    /// without the statement (the line number says which it is).
    static func message(for error: Error) -> String {
        let message = toolMessage(for: error)
        guard let error = error as? SQLError, message == error.debugDescription else { return message }
        return "\(error.extendedCode.name): \(error.message)"
    }
}
#endif
