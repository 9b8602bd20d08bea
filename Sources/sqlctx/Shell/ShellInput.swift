#if Tool
/// Where the shell's lines come from: the terminal (with prompts, editing and history) or a
/// stream (standard input, a `.read` file).
protocol ShellInput: AnyObject {
    /// The next line, without its line end; `nil` at the end of the input. `prompt` is shown
    /// first when the input is a terminal.
    func readLine(prompt: String) -> String?

    /// Keeps a whole entry (a statement, perhaps of several lines, or a dot-command) in the
    /// history, when the input has one.
    func remember(_ entry: String)
}
#endif
