import Foundation
import PortableSQLTestSupport
import Testing

/// Tab at the prompt completes as sqlite3's does: keywords in the case they are typed in,
/// the database's tables and columns, and dot-commands at the start of a line.
@Suite struct ShellCompletionTests {
    @Test func tabCompletesKeywordsTablesColumnsAndDotCommands() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("complete.db")
        try sqlite3(path, "CREATE TABLE inventory (quantity INTEGER, label TEXT); INSERT INTO inventory VALUES (7, 'bolts');")
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let lines = ["sel\t quant\t * 6 AS product FROM invent\t;", "SEL\t lab\t FROM inventory;", ".tab\t", ".quit"]
        let transcript = try typeAtPrompts(
            lines, command: "HOME='\(home)' TERM=xterm '\(try builtProduct("sqlctx"))' '\(path)'", prompts: ["sqlctx> ", "   ...> "])
        let shown = transcript.split(separator: "\r\n").map(String.init)
        // The statements ran as completed: typed as they are, they would not parse.
        #expect(shown.contains("42") && shown.contains("bolts") && shown.contains("inventory"), "\(transcript)")
        #expect(!transcript.contains("Error") && !transcript.contains("error"), "\(transcript)")
    }
}
