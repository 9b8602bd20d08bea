import Foundation
import PortableSQLTestSupport
import Testing

/// The same lines typed at sqlite3's prompt and at sqlctx's, in a pseudo-terminal, each
/// program on its own copy of the seeded database (see `Sqlite3Parity`): what the screen shows
/// is the same, for every mode and every flag.
///
/// Only what must differ is made equal before comparing: the banner (all before the first
/// prompt) is left out, and sqlite3's prompt `sqlite> ` is read as sqlctx's `sqlctx> `. The
/// terminal's echo of the typed lines, the continuation prompt `   ...> `, the rows, the errors
/// (on the same screen) and the line ends the terminal makes (`\r\n`) are compared as they are.
@Suite struct Sqlite3TerminalParityTests {
    /// The screen after the first prompt, sqlite3's prompt written as sqlctx's.
    private static func screen(_ transcript: String, prompt: String) -> String {
        guard let first = transcript.range(of: prompt) else { return "(no prompt) " + transcript }
        return String(transcript[first.lowerBound...]).replacingOccurrences(of: prompt, with: "sqlctx> ")
    }

    /// Types `lines` (then `.quit`) at both programs' prompts, started with `flags` on
    /// `db.sqlite` in their folders, and compares the screens.
    private func expectSameScreen(_ flags: [String], _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (folder, first, second) = try Sqlite3Parity.databases()
        _ = folder
        let quoted = flags.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        func command(_ program: String, in directory: String) -> String {
            "cd '\(directory)' && HOME='\(directory)' TERM=dumb '\(program)' \(quoted) db.sqlite"
        }
        let typed = lines + [".quit"]
        let expected = try typeAtPrompts(typed, command: command("/usr/bin/sqlite3", in: first), prompts: ["sqlite> ", "   ...> "], timeout: 10)
        let actual = try typeAtPrompts(typed, command: command(try builtProduct("sqlctx"), in: second), prompts: ["sqlctx> ", "   ...> "], timeout: 10)
        let wanted = Self.screen(expected, prompt: "sqlite> "), shown = Self.screen(actual, prompt: "sqlctx> ")
        #expect(shown == wanted, "\(flags)\nsqlite3:\n\(wanted)\nsqlctx:\n\(shown)", sourceLocation: sourceLocation)
    }

    /// Every mode `.mode` chooses, with the values that modes print differently, at the prompt;
    /// a statement over two lines. (Errors are compared through standard input: sqlite3 adds
    /// lines that point into the statement at the prompt, which sqlctx does not print.)
    @Test func everyModeAtThePrompt() throws {
        var lines: [String] = []
        for mode in ["list", "column", "table", "box", "markdown", "csv", "json", "line", "html", "insert", "quote", "tabs", "ascii", "tcl"] {
            lines += [".mode \(mode)", "SELECT * FROM t WHERE a < 3 OR c IS NULL;"]
        }
        lines += [".mode qbox", "SELECT a,", "b FROM t LIMIT 2;", ".mode", ".headers on", ".mode list", "SELECT 1 AS one;"]
        try expectSameScreen([], lines)
    }

    /// Each flag of sqlite3, mode flags among them, in a few runs that combine them.
    @Test func everyFlagAtThePrompt() throws {
        let query = "SELECT a, b, c FROM t WHERE a < 3 OR c IS NULL;"
        try expectSameScreen(["-csv", "-header", "-nullvalue", "NUL"], [query])
        try expectSameScreen(["-json", "-cmd", ".print from -cmd"], [query])
        try expectSameScreen(["-box", "-echo"], [query, ".print echoed"])
        try expectSameScreen(["-line", "-noheader"], [query])
        try expectSameScreen(["-column", "-header"], [query])
        try expectSameScreen(["-table", "-readonly"], [query, "DELETE FROM t;"])
        try expectSameScreen(["-markdown", "-bail"], [query])
        try expectSameScreen(["-html", "-header"], [query])
        try expectSameScreen(["-quote", "-separator", ";"], [query])
        try expectSameScreen(["-tabs", "-newline", "<EOL>"], [query])
        try expectSameScreen(["-ascii"], [query])
        try expectSameScreen(["-list", "-separator", " ~ ", "-nullvalue", "-"], [query, ".show"])
        try expectSameScreen(["-interactive", "-header"], [query])
    }
}
