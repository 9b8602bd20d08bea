#if Tool
import CEditLine
import Foundation

/// Lines typed on the terminal through libedit: a prompt, line editing (arrows, Ctrl-A, Ctrl-E,
/// backspace, …), and a history that the up arrow walks and `~/.sqlctx_history` keeps.
///
/// Ctrl-C at the prompt drops the line being typed and shows a fresh prompt, as sqlite3 does.
/// libedit's own SIGINT handling is off (`rl_catch_signals = 0`, read when `using_history`
/// starts libedit): its handler sends the signal again to the whole process group. The tool's
/// handler (`ShellInterrupts`, no SA_RESTART) makes libedit's read fail with EINTR instead, so
/// `readline` returns `NULL` with the terminal restored, and the next call starts an empty line.
///
/// libedit writes the prompt before it takes the terminal out of its echoing mode, so a line
/// typed as soon as the prompt shows would be echoed twice: once by the terminal, once by
/// libedit. Echo goes off before each `readline` and back on after it (see `withoutEcho`), so
/// the screen shows each line once, as sqlite3's does.
final class TerminalInput: ShellInput {
    /// The history file, when there is a home folder to keep it in.
    private let historyPath: String?
    /// Ctrl-C, which tells an interrupted `readline` from the end of the input.
    private let interrupts: ShellInterrupts?

    /// Starts libedit and loads the history file, when there is one.
    init(historyPath: String?, interrupts: ShellInterrupts?) {
        setlocale(LC_CTYPE, "")
        sqlctx_leave_signals_to_tool()
        // Before echo is ever turned off: libedit starts without editing when echo is off.
        _ = rl_initialize()
        using_history()
        stifle_history(ShellHistory.limit)
        self.historyPath = historyPath
        self.interrupts = interrupts
        if let historyPath, FileManager.default.fileExists(atPath: historyPath) {
            _ = read_history(historyPath)
        }
    }

    /// The next line typed after `prompt`; `nil` when the user ends the input (Ctrl-D), after
    /// ending the prompt's line. Ctrl-C shows `^C` and `prompt` again on an empty line.
    func readLine(prompt: String) -> String? {
        // A Ctrl-C that came while a statement ran has been answered by interrupting it.
        _ = interrupts?.take()
        while true {
            if let line = Self.withoutEcho({ readline(prompt) }) {
                defer { free(line) }
                return String(cString: line)
            }
            guard interrupts?.take() == true else {
                FileHandle.standardOutput.write(Data("\n".utf8))
                return nil
            }
            FileHandle.standardOutput.write(Data("^C\n".utf8))
        }
    }

    /// Runs `body` with the terminal on standard input not echoing what is typed, then puts
    /// the terminal's modes back. Input typed meanwhile is kept (`TCSANOW`, not `TCSAFLUSH`).
    private static func withoutEcho<T>(_ body: () -> T) -> T {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0, saved.c_lflag & tcflag_t(ECHO) != 0 else { return body() }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        return body()
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
#endif
