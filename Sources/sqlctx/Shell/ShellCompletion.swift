#if Tool
import CEditLine
import Foundation
import PortableSQL
import ShellSyntax

internal import PortableSQLSystem

/// Tab at the shell's prompt completes the word before the cursor, as sqlite3 completes it:
/// a dot-command's name at the start of a line, else SQL's keywords (in the case the word is
/// typed in) and the names of the open database's tables, views and columns.
enum ShellCompletion {
    /// Where the names come from; set by `install(_:)`. libedit calls back on the thread
    /// that reads the line, the shell's only one.
    nonisolated(unsafe) private static var source: (() -> SQLContext?)?
    /// The matches of the word being completed, found at its first call.
    nonisolated(unsafe) private static var matches: [String] = []

    /// Makes Tab complete from the database that `context` gives, opening it if need be
    /// (`nil`: it cannot be opened yet, an encrypted one before its key, when only keywords
    /// and dot-commands complete).
    static func install(_ context: @escaping () -> SQLContext?) {
        source = context
        sqlctx_complete_with { text, state in ShellCompletion.complete(text, state) }
    }

    /// libedit's callback: the `state`th match of `text` (found when `state` is 0), as a
    /// string libedit frees; `nil` after the last.
    private static func complete(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        guard let text else { return nil }
        if state == 0 {
            let line = sqlctx_line_buffer().map { String(cString: $0) } ?? ""
            matches = matches(for: String(cString: text), in: line, context: source?())
        }
        guard state >= 0, Int(state) < matches.count else { return nil }
        return strdup(matches[Int(state)])
    }

    /// The words that complete `word`, typed in `line`: sorted, without repeats.
    static func matches(for word: String, in line: String, context: SQLContext?) -> [String] {
        let trimmed = line.drop(while: \.isWhitespace)
        if trimmed.hasPrefix("."), !trimmed.contains(where: \.isWhitespace) {
            let typed = word.hasPrefix(".") ? String(word.dropFirst()) : word
            return DotCommandLine.names.filter { $0.hasPrefix(typed) }.map { (word.hasPrefix(".") ? "." : "") + $0 }
        }
        let folded = word.lowercased()
        let lowerCase = word.contains(where: \.isLowercase)
        var found = Set(SQLKeywords.all.filter { $0.lowercased().hasPrefix(folded) }.map { lowerCase ? $0.lowercased() : $0 })
        if let context {
            found.formUnion(names(in: context).filter { $0.lowercased().hasPrefix(folded) })
        }
        return found.sorted()
    }

    /// The names of the tables and views of `context` and of their columns.
    private static func names(in context: SQLContext) -> [String] {
        let rows = (try? context.selectAll(sql: """
            SELECT m.name, c.name FROM sqlite_schema AS m LEFT JOIN pragma_table_info(m.name) AS c
            WHERE m.type IN ('table', 'view')
            """)) ?? []
        return rows.flatMap { row in row.compactMap(\.textValue) }
    }
}
#endif
