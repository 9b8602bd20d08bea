#if Tool
import PortableSQL

/// An error of the shell's input, printed on standard error as sqlite3 prints it: what failed
/// (preparing a statement, running it, or a dot-command) and, for a script, the line its
/// statement starts on. Its text is in the tool's terms and shows no key.
struct ShellError: Error {
    /// What failed.
    enum Stage {
        /// SQLite refused the statement's text.
        case prepare
        /// The statement failed while it ran.
        case run
        /// A dot-command failed.
        case command
        /// A dot-command failed with a line that sqlite3 prints as it is (`Usage: …`).
        case verbatim
    }

    /// Where the failing line came from, which sets the error's form.
    enum Source: Equatable {
        /// A script or `.read` file: its statement starts on this line.
        case line(Int)
        /// The prompt of a terminal.
        case prompt
        /// The command line: the SQL argument or a `-cmd`.
        case argument
    }

    let stage: Stage
    /// The message: SQLite's own for its errors, the tool's for the others.
    let message: String

    /// A dot-command's failure printed as `message` alone, as sqlite3 prints its usage lines
    /// and a few other messages, without `Error: ` before them.
    static func verbatim(_ message: String) -> ShellError {
        ShellError(stage: .verbatim, message: message)
    }

    private init(stage: Stage, message: String) {
        self.stage = stage
        self.message = message
    }

    /// `error` as it failed at `stage`.
    init(_ error: Error, stage: Stage) {
        if let shellError = error as? ShellError {
            self = shellError
            return
        }
        self.stage = stage
        message = Self.message(for: error)
    }

    /// The line printed for the error from `source`: `Parse error near line 3: …`, `Runtime
    /// error: …` at the prompt, `Error: in prepare, …` on the command line, `Error: …` for a
    /// dot-command.
    func line(from source: Source) -> String {
        switch (stage, source) {
        case (.command, _): "Error: \(message)"
        case (.verbatim, _): message
        case (.prepare, .line(let number)): "Parse error near line \(number): \(message)"
        case (.run, .line(let number)): "Runtime error near line \(number): \(message)"
        case (.prepare, .prompt): "Parse error: \(message)"
        case (.run, .prompt): "Runtime error: \(message)"
        case (.prepare, .argument): "Error: in prepare, \(message)"
        case (.run, .argument): "Error: stepping, \(message)"
        }
    }

    /// The text for `error`: SQLite's message for its errors, with the result code after it
    /// when that is not the generic SQLITE_ERROR (`… (19)`), as sqlite3 prints it (the
    /// library's advice for Swift callers told in terms of the tool's options); the tool's own
    /// for the others.
    static func message(for error: Error) -> String {
        let message = toolMessage(for: error)
        guard let error = error as? SQLError, message == error.debugDescription else { return message }
        let code = error.resultCode.rawValue
        return code > 1 ? "\(error.message) (\(code))" : error.message
    }
}
#endif
