#if Tool
import Foundation
import PortableSQLPlus

/// One run of the shell on an open database: reads lines, runs each finished statement and
/// dot-command, and prints results in the current mode.
final class ShellSession {
    /// What a line asks of the reading loop.
    enum Next {
        /// Go on reading.
        case proceed
        /// `.quit` or `.exit`: stop, and stop every `.read` in progress.
        case quit
    }

    /// The most `.read` files open at once (one reading another), against a file that reads itself.
    static let readDepthLimit = 16

    /// The open database.
    let context: SQLContext
    /// Ctrl-C, which interrupts the running statement and stops a script or `.read` file.
    let interrupts: ShellInterrupts?
    /// Where results go (`.output`).
    let output = ShellOutput()
    /// How rows are printed (`.mode`).
    var mode = ShellMode.table
    /// Whether table and csv modes print column names (`.headers`).
    var headers = true
    /// How many `.read` files are being read now.
    private var readDepth = 0

    /// A session on `context`, whose statements `interrupts` stops.
    init(context: SQLContext, interrupts: ShellInterrupts?) {
        self.context = context
        self.interrupts = interrupts
    }

    /// Reads `input` to its end or to `.quit`, running what it holds.
    ///
    /// With `bail`, the first failing statement or dot-command ends the reading: nothing after
    /// it runs, and its error is thrown with its place (`name line N: …`, or `line N: …` when
    /// `name` is `nil`). Without it (typing at the terminal), each error is printed on standard
    /// error, without a place, and the reading goes on. Ctrl-C interrupts the running statement
    /// (`SQLITE_INTERRUPT`, an error like any other); with `bail`, one between statements ends
    /// the reading too, as in sqlite3.
    ///
    /// - Returns: `.quit` when a `.quit` or `.exit` ended the reading, else `.proceed`.
    /// - Throws: `ShellFailure` for the first error, with `bail`; `CommandFailure` when results
    ///   cannot be written.
    @discardableResult
    func run(_ input: ShellInput, name: String?, bail: Bool) throws -> Next {
        var pending: [String] = []
        var pendingStart = 0
        var lineNumber = 0
        /// Throws `error`, placed at `line`, with `bail`; else prints it and lets the reading go on.
        func report(_ error: Error, line: Int) throws {
            let place = bail ? (name.map { "\($0) line \(line)" } ?? "line \(line)") : nil
            let failure = ShellFailure(error, place: place)
            if bail { throw failure }
            try output.flush()
            FileHandle.standardError.write(Data("sqlctx: \(failure.description)\n".utf8))
        }
        /// Throws the Ctrl-C that came since the last check, with `bail`.
        func stopIfInterrupted() throws {
            if bail, interrupts?.take() == true { try report(CommandFailure("interrupted"), line: lineNumber) }
        }
        while let line = input.readLine(prompt: pending.isEmpty ? "sqlctx> " : "   ...> ") {
            lineNumber += 1
            try stopIfInterrupted()
            if pending.isEmpty, line.drop(while: \.isWhitespace).hasPrefix(".") {
                input.remember(line)
                do {
                    if try runDotCommand(line) == .quit { return .quit }
                } catch {
                    try report(error, line: lineNumber)
                }
                try output.flush()
                continue
            }
            if pending.isEmpty { pendingStart = lineNumber }
            pending.append(line)
            let text = pending.joined(separator: "\n")
            switch PendingStatements(text) {
            case .incomplete:
                continue
            case .blank:
                pending.removeAll()
            case .complete(let statements):
                input.remember(text)
                pending.removeAll()
                for statement in statements {
                    do {
                        try execute(statement.sql)
                    } catch {
                        try report(error, line: pendingStart + statement.linesBefore)
                        break
                    }
                }
                try output.flush()
            }
        }
        try stopIfInterrupted()
        if !pending.isEmpty {
            try report(CommandFailure("the input ends inside a statement (is a ; or an END missing?); it was not run"), line: pendingStart)
        }
        try output.flush()
        return .proceed
    }

    /// Runs one statement and prints its rows, if it has columns, in the current mode.
    ///
    /// - Throws: `SQLError` from SQLite, or `CommandFailure` when results cannot be written.
    func execute(_ sql: String) throws {
        let statement = try context.prepare(sql: sql)
        defer { try? statement.close() }
        var rows: [[SQLValue]] = []
        while try statement.next() {
            rows.append(statement.rowValues())
        }
        if statement.columnCount > 0 {
            try output.append(mode.render(columns: statement.columnNames, rows: rows, headers: headers))
        }
    }

    /// Reads the file at `path` as a script (`.read`): its statements and dot-commands run in
    /// order, and its first error ends it.
    ///
    /// - Returns: `.quit` when the file ran `.quit`.
    /// - Throws: `CommandFailure` when the file cannot be read or reads are nested too deep;
    ///   `ShellFailure` for its first error.
    func read(_ path: String) throws -> Next {
        guard readDepth < Self.readDepthLimit else {
            throw CommandFailure(".read files are nested more than \(Self.readDepthLimit) deep (does a file read itself?)")
        }
        let input = try StreamInput(path: path)
        readDepth += 1
        defer { readDepth -= 1 }
        return try run(input, name: path, bail: true)
    }
}
#endif
