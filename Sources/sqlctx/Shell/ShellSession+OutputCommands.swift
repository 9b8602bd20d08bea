#if Tool
import PortableSQL

extension ShellSession {
    /// `.mode [MODE] [TABLE] [--wrap N] [--wordwrap on|off] [--quote|--noquote]`: alone, the
    /// current mode; else chooses `MODE` as sqlite3 does (`qbox` is box with `--quote`), with
    /// insert mode's table and the columnar modes' options.
    ///
    /// - Throws: `CommandFailure` for an unknown mode or option.
    func selectMode(_ arguments: [String]) throws {
        guard let name = arguments.first else {
            // sqlite3 chooses the mode it names again, separators and all (tabs become list's |).
            try output.append("current output mode: \(describedMode)\n")
            try selectMode([settings.mode.reportedName])
            return
        }
        let chosen = name.lowercased()
        let aliases: [String: ShellMode] = ["lines": .line, "columns": .column, "qbox": .box]
        guard let mode = ShellMode(rawValue: chosen) ?? aliases[chosen] else {
            throw CommandFailure("mode should be one of: \((ShellMode.allCases.map(\.rawValue) + ["qbox"]).sorted().joined(separator: " "))")
        }
        var rest = arguments.dropFirst()[...]
        var table: String?
        if mode == .insert, let first = rest.first, !first.hasPrefix("--") {
            table = first
            rest = rest.dropFirst()
        }
        settings.select(mode, table: table)
        // qbox is box mode with values as SQL literals.
        if chosen == "qbox" { settings.quoteColumns = true }
        while let option = rest.popFirst() {
            switch option {
            case "--wrap", "-wrap":
                guard let value = rest.popFirst(), let wrap = Int(value) else { throw CommandFailure("Usage: .mode \(name) --wrap N") }
                settings.wrap = wrap
            case "--wordwrap", "-wordwrap":
                guard let value = rest.popFirst() else { throw CommandFailure("Usage: .mode \(name) --wordwrap on|off") }
                settings.wordWrap = try switchValue(value)
            case "--ww", "-ww":
                settings.wordWrap = true
            case "--quote", "-quote":
                settings.quoteColumns = true
            case "--noquote", "-noquote":
                settings.quoteColumns = false
            default:
                throw CommandFailure("Unknown option \"\(option)\" for .mode")
            }
        }
    }

    /// The mode as `.mode` alone and `.show` name it: with the options of a columnar one.
    private var describedMode: String {
        guard settings.mode.isColumnar else { return settings.mode.reportedName }
        return settings.mode.reportedName + " --wrap \(settings.wrap) --wordwrap \(settings.wordWrap ? "on" : "off") --\(settings.quoteColumns ? "quote" : "noquote")"
    }

    /// What `.show` prints: the settings, one per line, names aligned right, as sqlite3 lists
    /// them (its `explain`, which sqlctx does not have, at its default).
    func shownSettings() -> String {
        func quoted(_ bytes: [UInt8]) -> String {
            String(decoding: SQLiteLiterals.doubleQuoted(bytes, escape: SQLiteLiterals.cEscape), as: UTF8.self)
        }
        let mode = describedMode
        let shown: [(String, String)] = [
            ("echo", echo ? "on" : "off"), ("eqp", reports.queryPlans.rawValue), ("explain", "auto"), ("headers", settings.headers ? "on" : "off"),
            ("mode", mode), ("nullvalue", quoted(settings.nullValue)), ("output", output.path ?? "stdout"),
            ("colseparator", quoted(settings.columnSeparator)), ("rowseparator", quoted(settings.rowSeparator)),
            ("stats", reports.statistics.rawValue), ("width", settings.widths.map { "\($0) " }.joined()), ("filename", KeyStatements.withoutURIKeys(database.name)),
        ]
        return shown.map { String(repeating: " ", count: max(12 - $0.0.count, 0)) + $0.0 + ": " + $0.1 + "\n" }.joined()
    }
}
#endif
