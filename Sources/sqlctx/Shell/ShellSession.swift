#if Tool
import Foundation
import PortableSQLPlus

/// One run of the shell on an open database: reads lines, runs each finished statement and
/// dot-command, and prints results as sqlite3 does in the current settings.
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

    /// The database, opened when first needed; `.open` replaces it.
    let database: ShellDatabase
    /// Ctrl-C, which interrupts the running statement and stops a script or `.read` file.
    let interrupts: ShellInterrupts?
    /// Where results go (`.output`, `.once`).
    let output = ShellOutput()
    /// Where SQLite's error log goes (`.log`).
    let log: ShellLog
    /// How results are printed (`.mode`, `.headers`, `.separator`, `.nullvalue`, `.width`).
    var settings = ShellSettings()
    /// What is printed beside each statement's rows (`.changes`, `.timer`, `.eqp`).
    var reports = ShellReports()
    /// The prompts at the terminal: for a new statement, and for one that goes on (`.prompt`).
    var prompts = (main: "sqlctx> ", continuation: "   ...> ")
    /// Whether the first error stops the input (`.bail`, `-bail`).
    var bail = false
    /// Whether each statement and dot-command is printed before it runs (`.echo`, `-echo`).
    var echo = false
    /// How many statements and dot-commands failed: the tool's exit status is 1 if any did.
    private(set) var failures = 0
    /// How many `.read` files are being read now.
    private var readDepth = 0

    /// A session on `database`, whose statements `interrupts` stops; made before any database
    /// opens, as SQLite takes its log (`.log`) only while none is open.
    init(database: ShellDatabase, interrupts: ShellInterrupts?) {
        self.database = database
        self.interrupts = interrupts
        log = ShellLog(output: output)
        log.install()
    }

    /// The open database, opened now if nothing has needed it yet.
    ///
    /// - Throws: as `ShellDatabase.context()`.
    var context: SQLContext {
        get throws { try database.context() }
    }

    /// Reads `input` to its end or to `.quit`, running what it holds, as sqlite3 does: each
    /// error is printed on standard error (with the line its statement starts on, unless the
    /// input is the terminal's prompt) and counted, and the reading goes on, unless `bail` is
    /// set: then the first error ends it. A last statement without `;` runs too. Ctrl-C
    /// interrupts the running statement (`SQLITE_INTERRUPT`, an error like any other), and
    /// ends the reading unless it is the prompt's.
    ///
    /// - Returns: `.quit` when a `.quit` or `.exit` ended the reading, or the first error did
    ///   with `bail`; else `.proceed`.
    /// - Throws: `CommandFailure` when results cannot be written.
    @discardableResult
    func run(_ input: ShellInput, atPrompt: Bool) throws -> Next {
        var pending: [String] = []
        var pendingStart = 0
        var lineNumber = 0
        while let line = input.readLine(prompt: pending.isEmpty ? prompts.main : prompts.continuation) {
            lineNumber += 1
            if atPrompt { _ = interrupts?.take() }
            if pending.isEmpty, line.drop(while: \.isWhitespace).hasPrefix(".") {
                input.remember(line)
                if try runLine(line, from: atPrompt ? .prompt : .line(lineNumber)) == .quit { return .quit }
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
                if try runStatements(statements, from: atPrompt ? .prompt : .line(pendingStart)) == .quit { return .quit }
            }
            // As sqlite3: Ctrl-C ends a script (and the `.read` files reading it), not the prompt.
            if !atPrompt, interrupts?.take() == true { return .quit }
        }
        if !pending.isEmpty {
            let text = pending.joined(separator: "\n")
            // sqlite3 runs what is left, finished or not: a `;` on a line of its own ends it
            // unless it is in an open quote or comment, when SQLite reports the error.
            let statements: [PendingStatements.Statement]
            if case .complete(let finished) = PendingStatements(text + "\n;") {
                statements = finished
            } else {
                statements = [PendingStatements.Statement(sql: text, linesBefore: 0)]
            }
            if try runStatements(statements, from: atPrompt ? .prompt : .line(pendingStart)) == .quit { return .quit }
        }
        try output.flush()
        return .proceed
    }

    /// Runs a dot-command, or the SQL statements of `line` (from the command line, all of
    /// them, the last one with or without `;`), from `source`.
    ///
    /// - Returns: `.quit` as `run(_:atPrompt:)` does.
    /// - Throws: `CommandFailure` when results cannot be written.
    func runLine(_ line: String, from source: ShellError.Source) throws -> Next {
        if line.drop(while: \.isWhitespace).hasPrefix(".") {
            // A dot-command may name a URI with a key (`.open 'file:x.db?key=…'`): never shown.
            if echo { try output.append(bytes: Array((KeyStatements.withoutURIKeys(line, inSQL: true) + "\n").utf8)) }
            defer { output.endInput() }
            do {
                if try runDotCommand(line) == .quit {
                    try output.flush()
                    return .quit
                }
            } catch {
                if try report(ShellError(error, stage: .command), from: source) == .quit { return .quit }
            }
            try output.flush()
            return .proceed
        }
        let statements: [PendingStatements.Statement]
        switch PendingStatements(line + "\n;") {
        case .complete(let finished): statements = finished
        case .blank: return .proceed
        case .incomplete: statements = [PendingStatements.Statement(sql: line, linesBefore: 0)]
        }
        return try runStatements(statements, from: source)
    }

    /// Runs `statements` from `source` (where a script's start at its line) until one fails;
    /// from a script or the prompt, with the time they took (`.timer`) and, when none failed,
    /// the rows they changed (`.changes`) after them, as sqlite3 prints these for each input.
    private func runStatements(_ statements: [PendingStatements.Statement], from source: ShellError.Source) throws -> Next {
        defer {
            try? output.flush()
            output.endInput()
        }
        let reported = source != .argument
        let clock = reported && reports.timer ? ShellClock() : nil
        for statement in statements {
            do {
                if echo { try output.append(bytes: Array((KeyStatements.redacted(statement.sql) + "\n").utf8)) }
                try execute(statement.sql)
            } catch {
                try printTime(since: clock)
                if case .line(let start) = source { return try report(error, from: .line(start + statement.linesBefore)) }
                return try report(error, from: source)
            }
        }
        try printTime(since: clock)
        if reported, reports.changes, let context = try? context {
            try output.append("changes: \(context.changes)   total_changes: \(context.totalChanges)\n")
        }
        try output.flush()
        return .proceed
    }

    /// Prints the time since `clock` started, on standard output as sqlite3 prints it.
    private func printTime(since clock: ShellClock?) throws {
        guard let clock else { return }
        try output.flush()
        FileHandle.standardOutput.write(Data(clock.report().utf8))
    }

    /// Prints `error` on standard error as sqlite3 does, counts it, and says whether the
    /// input stops (with `bail`).
    private func report(_ error: Error, from source: ShellError.Source) throws -> Next {
        failures += 1
        try output.flush()
        let shellError = error as? ShellError ?? ShellError(error, stage: .command)
        FileHandle.standardError.write(Data((KeyStatements.withoutURIKeys(shellError.line(from: source)) + "\n").utf8))
        return bail ? .quit : .proceed
    }

    /// Runs one statement and prints its rows, if it has columns, in the current settings:
    /// its parameters bound from `.parameter`'s table, its query plan first with `.eqp on`.
    /// A key pragma (`PRAGMA key`, `rekey`, …) and, before the database is open, `PRAGMA
    /// cipher_compatibility` are taken by the shell, which opens the database with them.
    ///
    /// - Throws: `ShellError` for an error of SQLite (saying whether preparing or running
    ///   the statement failed), or `CommandFailure` when results cannot be written.
    func execute(_ sql: String) throws {
        if let pragma = KeyPragma(sql) { return try takeKey(pragma) }
        let statement: SQLStatement
        let context: SQLContext
        do {
            if try database.takeCompatibility(sql) { return }
            context = try self.context
            statement = try context.prepare(sql: sql)
        } catch {
            throw ShellError(error, stage: .prepare)
        }
        defer { try? statement.close() }
        do {
            try ShellParameters(context: context).bind(statement)
        } catch {
            throw ShellError(error, stage: .run)
        }
        if reports.queryPlans != .off, !QueryPlanTree.isExplain(sql) {
            try output.append(QueryPlanTree(context: context).render(sql))
            if reports.queryPlans == .full { try output.append(bytes: program(of: sql, on: context)) }
        }
        var result = ShellResult(columns: statement.columnCount > 0 ? statement.columnNames : [])
        var failure: ShellError?
        do {
            while try statement.next() {
                result.append(rowOf: statement)
            }
        } catch {
            failure = ShellError(error, stage: .run)
        }
        // The rows read before an error are printed, as sqlite3 prints them as they come.
        if QueryPlanTree.isQueryPlan(sql) {
            try output.append(QueryPlanTree.render(result.rows.map { $0.map(\.value) }))
        } else if ExplainProgram.isProgram(result, sql: sql) {
            try output.append(bytes: ExplainProgram(result: result, nullValue: settings.nullValue).render())
        } else if statement.columnCount > 0 {
            try print(result, literals: SQLiteLiterals(context: context))
        }
        if reports.statistics != .off {
            try output.append(ShellStatistics(context: context, statement: statement, report: reports.statistics).text())
        }
        if let failure { throw failure }
    }

    /// The bytecode program of `sql` as `EXPLAIN` lays it out (`.eqp full`); nothing when
    /// SQLite cannot explain it.
    private func program(of sql: String, on context: SQLContext) throws -> [UInt8] {
        guard let explain = try? context.prepare(sql: "EXPLAIN " + sql) else { return [] }
        defer { try? explain.close() }
        var result = ShellResult(columns: explain.columnNames)
        while (try? explain.next()) == true { result.append(rowOf: explain) }
        return ExplainProgram(result: result, nullValue: settings.nullValue).render()
    }

    /// Prints `result` in the current mode.
    ///
    /// - Throws: `CommandFailure` when it cannot be written.
    func print(_ result: ShellResult, literals: SQLiteLiterals) throws {
        if settings.mode.isColumnar {
            try output.append(bytes: ColumnarRenderer(settings: settings).render(result))
            // sqlite3 keeps a width for each column it printed (0: as wide as the values).
            if settings.widths.count < result.columns.count, !result.rows.isEmpty {
                settings.widths += Array(repeating: 0, count: result.columns.count - settings.widths.count)
            }
        } else {
            try output.append(bytes: RowRenderer(settings: settings, literals: literals).render(result))
        }
    }

    /// Reads the file at `path` as a script (`.read`): its statements and dot-commands run in
    /// order, as standard input's do.
    ///
    /// - Returns: `.quit` when the file ran `.quit`, or stopped at an error with `bail`.
    /// - Throws: `CommandFailure` when the file cannot be read or reads are nested too deep.
    func read(_ path: String) throws -> Next {
        guard readDepth < Self.readDepthLimit else {
            throw CommandFailure(".read files are nested more than \(Self.readDepthLimit) deep (does a file read itself?)")
        }
        let input = try StreamInput(path: path)
        readDepth += 1
        defer { readDepth -= 1 }
        return try run(input, atPrompt: false)
    }
}
#endif
