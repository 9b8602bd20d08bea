import CEditLine
import Foundation

/// Lines typed on the terminal through libedit: a prompt, line editing (arrows, Ctrl-A, Ctrl-E,
/// backspace, …), and a history that the up arrow walks and `~/.sqlctx_history` keeps.
final class TerminalInput: ShellInput {
    /// The history file, when there is a home folder to keep it in.
    private let historyPath: String?

    /// Starts libedit and loads the history file, when there is one.
    init(historyPath: String?) {
        setlocale(LC_CTYPE, "")
        using_history()
        stifle_history(ShellHistory.limit)
        self.historyPath = historyPath
        if let historyPath, FileManager.default.fileExists(atPath: historyPath) {
            _ = read_history(historyPath)
        }
    }

    /// The next line typed after `prompt`; `nil` when the user ends the input (Ctrl-D), after
    /// ending the prompt's line.
    func readLine(prompt: String) -> String? {
        guard let line = readline(prompt) else {
            FileHandle.standardOutput.write(Data("\n".utf8))
            return nil
        }
        defer { free(line) }
        return String(cString: line)
    }

    /// Adds `entry` to the history and saves the history file (private, mode 0600), unless
    /// the entry carries a key (see `ShellHistory.isSecret`).
    func remember(_ entry: String) {
        guard !entry.isEmpty, !ShellHistory.isSecret(entry) else { return }
        _ = add_history(entry)
        if let historyPath, ShellHistory.preparePrivateFile(at: historyPath) {
            _ = write_history(historyPath)
        }
    }
}
