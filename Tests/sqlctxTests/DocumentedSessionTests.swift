import Foundation
import PortableSQLTestSupport
import Testing

/// The shell session that SQLCtxTool.md prints runs as printed: the test reads the session from
/// the page itself (so the page and the test cannot drift apart), types its input lines at
/// sqlctx's prompts in a pseudo-terminal, and expects the screen to show the page's lines.
@Suite struct DocumentedSessionTests {
    /// The page, found from this file's place in the repository.
    private static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/PortableSQL/PortableSQL.docc/SQLCtxTool.md")

    /// The lines of the page's ```text block that starts with `$ sqlctx`, without the
    /// block's indentation.
    static func session() throws -> [String] {
        let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
        guard let start = lines.indices.first(where: { lines[$0].trimmingCharacters(in: .whitespaces) == "```text" && lines[$0 + 1].trimmingCharacters(in: .whitespaces).hasPrefix("$ sqlctx ") }) else {
            return []
        }
        let indentation = lines[start].prefix { $0 == " " }.count
        let body = lines[(start + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces) != "```" }
        return body.map { String($0.dropFirst(indentation)) }
    }

    @Test func theShellSessionOfSQLCtxToolRunsAsPrinted() throws {
        let session = try Self.session()
        try #require(session.count > 3, "no session found in \(Self.page.path)")
        let arguments = session[0].dropFirst("$ sqlctx ".count).split(separator: " ").map(String.init)
        // The session's database: the books its queries show, and one they leave out.
        let directory = try TemporaryDirectory()
        try sqlite3(directory.path("library.db"), """
            CREATE TABLE book(title TEXT, year INTEGER);
            INSERT INTO book VALUES ('Dune', 1965), ('The Left Hand of Darkness', 1969), ('The Dispossessed', 1974);
            """)
        let prompts = ["sqlctx> ", "   ...> "]
        let typed = session.dropFirst().compactMap { line in prompts.first(where: line.hasPrefix).map { String(line.dropFirst($0.count)) } }
        let command = "cd '\(directory.url.path)' && HOME='\(directory.url.path)' TERM=dumb '\(try builtProduct("sqlctx"))' " + arguments.map { "'\($0)'" }.joined(separator: " ")
        let screen = try typeAtPrompts(typed, command: command, prompts: prompts, timeout: 10)
        let printed = session.dropFirst().joined(separator: "\r\n") + "\r\n"
        #expect(screen == printed, "printed:\n\(printed)\nshown:\n\(screen)")
        // What the session wrote with .output.
        let written = try String(contentsOfFile: directory.path("old-books.csv"), encoding: .utf8)
        #expect(written == "Dune,1965\r\n\"The Left Hand of Darkness\",1969\r\n", "\(written)")
    }
}
