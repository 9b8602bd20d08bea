#if Tool
/// A dot-command as typed: its name and its arguments. Arguments are apart by white space; one
/// in single or double quotes may hold white space (`.import 'my file.csv' t`).
struct DotCommandLine: Equatable {
    /// The name without its dot, such as `tables`.
    let name: String
    /// The arguments, without their quotes.
    let arguments: [String]

    /// Splits `line` (which starts with `.`, perhaps after white space) into name and arguments.
    ///
    /// - Throws: `CommandFailure` for a quote that the line does not close.
    init(_ line: String) throws {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in line.drop(while: \.isWhitespace).dropFirst() {
            if let open = quote {
                if character == open { quote = nil } else { word?.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character.isWhitespace {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        guard quote == nil else { throw CommandFailure("the quote in this dot-command is not closed") }
        if let word { words.append(word) }
        name = words.first ?? ""
        arguments = Array(words.dropFirst())
    }

    /// What `.help` prints: each dot-command with what it does.
    static let help = """
        .dump [TABLE]             SQL text that rebuilds the database (or the tables named like TABLE)
        .exit, .quit              leave the shell
        .headers on|off           column names above table and csv output (on at first)
        .help                     this list
        .import [--skip N] FILE TABLE
                                  add the rows of a CSV file to TABLE, created from the header row when missing
                                  (into an existing table every row is data; --skip 1 skips a header)
        .indexes [TABLE]          the indexes (of the tables named like TABLE)
        .mode [table|csv|json|line]
                                  how rows are printed (table at first); alone, the current mode
        .output [FILE]            write results to FILE from now on; alone, back to standard output
        .read FILE                run the statements and dot-commands of FILE; stops at its first error
        .schema [TABLE]           the CREATE statements (of the tables named like TABLE, with their indexes and triggers)
        .tables [PATTERN]         the tables and views (named like PATTERN)
        PATTERN and TABLE are LIKE patterns: % matches any text, _ one character; case is ignored.

        """
}
#endif
