// Fuzz target: how sqlctx's shell reads a CSV file and splits a dot-command's arguments
// (ShellSyntax), against the system's sqlite3 program on the same bytes. The first byte of an
// input chooses; the rest is
// - (even) a CSV file: its records, as `CSVRecords` reads them, are the rows sqlite3's
//   `.import --csv` adds to a table of `csvColumns` columns (a record's fields past those are
//   left out, missing ones are NULL, as sqlite3 fills them), and its warnings about quotes
//   are sqlite3's;
// - (odd) the arguments of a `.print` line: `DotCommandLine`'s, joined by spaces, are what
//   sqlite3's `.print` prints (read as UTF-8: an escape such as `\200` that makes a byte that
//   is not UTF-8 gives U+FFFD in a Swift string, as DotCommandLine documents).
// A disagreement stops the program with both answers.
//
// Built with libFuzzer by `Scripts/fuzz` (`make fuzz`); built plainly, it replays its corpus.
import Foundation
import FuzzDriver
import ShellSyntax

/// The columns of the table the CSV file goes into.
let csvColumns = 8

/// The CSV file of this process.
let csvPath = FileManager.default.temporaryDirectory.appendingPathComponent("FuzzShellSyntax-\(getpid()).csv").path

/// `bytes` as an SQL blob literal.
func blobLiteral<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    "X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
}

func checkCSV(_ file: Data) {
    guard FileManager.default.createFile(atPath: csvPath, contents: file) else { fatalError("cannot write \(csvPath)") }
    let columns = (1...csvColumns).map { "c\($0)" }
    let script = """
        CREATE TABLE t(\(columns.joined(separator: ", ")));
        .import --csv '\(csvPath)' t
        SELECT \(columns.map { "quote(CAST(\($0) AS BLOB))" }.joined(separator: ", ")) FROM t ORDER BY rowid;

        """
    let sqlite3 = Sqlite3Output(script: Data(script.utf8))
    let printed = String(decoding: sqlite3.standardOutput, as: UTF8.self)
    let records = CSVRecords.parse(file)
    // As `.import` binds a field: NULL when missing, its bytes up to a NUL otherwise.
    let rows = records.map { record in
        (0..<csvColumns).map { index in
            guard index < record.fields.count, let field = record.fields[index] else { return "NULL" }
            return blobLiteral(field.prefix { $0 != 0 })
        }.joined(separator: "|") + "\n"
    }.joined()
    // sqlite3's warnings about quotes, in order (its others are about the column count).
    let problems = records.flatMap(\.problems).map { "\(csvPath):\($0.line): \($0.message)\n" }.joined()
    let warned = sqlite3.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { $0.contains(": unescaped \"") || $0.contains(": unterminated \"") }.map { $0 + "\n" }.joined()
    guard rows == printed, problems == warned else {
        fatalError("CSV \(blobLiteral(file)): CSVRecords read\n\(rows)\(problems)sqlite3 imported\n\(printed)\(sqlite3.standardError)")
    }
}

func checkDotCommand(_ rest: Data) {
    // One line of text: up to a line end, NUL or byte that is not UTF-8 there.
    let line = String(decoding: rest.prefix { $0 != 0x0A && $0 != 0x0D && $0 != 0 }, as: UTF8.self)
    guard Array(line.utf8) == Array(rest.prefix(line.utf8.count)) else { return }
    let command = ".print " + line
    let ours = DotCommandLine(command).arguments.joined(separator: " ") + "\n"
    let sqlite3 = Sqlite3Output(script: Data((command + "\n").utf8))
    // Arguments are Swift strings: a byte an escape makes that is not UTF-8 (`\200`) is
    // U+FFFD in them, where sqlite3 prints the byte; the rest must be the same.
    guard ours == String(decoding: sqlite3.standardOutput, as: UTF8.self) else {
        fatalError("\(command.debugDescription): DotCommandLine gave \(ours.debugDescription), sqlite3 printed \(String(decoding: sqlite3.standardOutput, as: UTF8.self).debugDescription) \(sqlite3.standardError)")
    }
}

func check(_ bytes: UnsafeRawBufferPointer) {
    guard let first = bytes.first else { return }
    let rest = Data(bytes.dropFirst())
    if first % 2 == 0 { checkCSV(rest) } else { checkDotCommand(rest) }
}

@main enum Main {
    static func main() {
        FuzzDriver.run("FuzzShellSyntax", check: check)
    }
}
