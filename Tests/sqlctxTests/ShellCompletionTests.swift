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

    /// A Tab before `PRAGMA key` on an encrypted file completes no names and leaves the file
    /// to the key, which then opens it (as in sqlcipher); a Tab on a file that does not exist
    /// does not create it.
    @Test func tabBeforeTheKeyLeavesTheEncryptedFileToIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("secret.db")
        let created = try runSQLCtx([path], input: "PRAGMA key = 'k';\nCREATE TABLE hidden_table(val);\nINSERT INTO hidden_table VALUES ('found');\n")
        try #require(created.status == 0, "\(created.errors)")
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let sqlctx = try builtProduct("sqlctx")
        // The Tab finds no table to complete; Ctrl-U drops the line before the key.
        let lines = ["SELECT * FROM hidden\t\u{15}PRAGMA key = 'k';", "SELECT * FROM hidden_table;", ".quit"]
        let transcript = try typeAtPrompts(lines, command: "HOME='\(home)' TERM=xterm '\(sqlctx)' '\(path)'", prompts: ["sqlctx> ", "   ...> "])
        let shown = transcript.split(separator: "\r\n").map(String.init)
        #expect(shown.contains("ok") && shown.contains("found"), "\(transcript)")
        let beforeKey = transcript.components(separatedBy: "PRAGMA key")[0]
        #expect(!beforeKey.contains("hidden_table") && !transcript.contains("rror"), "\(transcript)")
        let missing = directory.path("missing.db")
        _ = try typeAtPrompts(["SEL\t\u{15}.quit"], command: "HOME='\(home)' TERM=xterm '\(sqlctx)' '\(missing)'", prompts: ["sqlctx> "])
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
