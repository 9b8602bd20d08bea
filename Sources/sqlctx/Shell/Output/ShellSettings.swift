#if Tool
/// How the shell prints results, as sqlite3's settings of the same names: the mode, whether
/// column names are shown, the separators, the text of NULL, the columns' widths and the table
/// that insert mode names. Each starts as sqlite3's does.
struct ShellSettings {
    /// The output mode (`.mode`).
    var mode = ShellMode.list
    /// Whether column names are printed (`.headers`, `-header`); box, table and markdown
    /// print them always.
    var headers = false
    /// Whether `headers` was set by the user (`.headers`, `-[no]header`): then `.mode column`
    /// leaves it as it is, rather than turning it on.
    var headersSetByUser = false
    /// What separates values in list, csv, quote and ascii modes (`.separator`, `-separator`).
    var columnSeparator: [UInt8] = Array("|".utf8)
    /// What ends a row in those modes and line mode (`.separator`'s second argument, `-newline`).
    var rowSeparator: [UInt8] = Array("\n".utf8)
    /// What NULL prints as (`.nullvalue`), in every mode but insert, quote and json.
    var nullValue: [UInt8] = []
    /// The width of each column in columnar modes (`.width`): 0 for as wide as its values,
    /// negative to align right; columns beyond the list are as wide as their values.
    var widths: [Int] = []
    /// The table named by insert mode's statements (`.mode insert TABLE`).
    var insertTable = "table"
    /// In columnar modes, where lines of a value longer than their column's `.width` wraps
    /// when that is 0: after this many characters, 0 for never (`--wrap N`; 60 after `.mode`,
    /// 0 after a flag such as `-box`).
    var wrap = 0
    /// Whether columnar modes wrap lines at a space where they can (`--wordwrap on`).
    var wordWrap = false
    /// Whether columnar modes show values as SQL literals (`--quote`).
    var quoteColumns = false

    /// Chooses `mode` as `.mode` does, with the separators sqlite3's `.mode` sets for it;
    /// `table` is insert mode's table.
    mutating func select(_ mode: ShellMode, table: String? = nil) {
        self.mode = mode
        switch mode {
        case .list: (columnSeparator, rowSeparator) = (Array("|".utf8), Array("\n".utf8))
        case .csv: (columnSeparator, rowSeparator) = (Array(",".utf8), Array("\r\n".utf8))
        case .quote: (columnSeparator, rowSeparator) = (Array(",".utf8), Array("\n".utf8))
        case .tcl: (columnSeparator, rowSeparator) = (Array(" ".utf8), Array("\n".utf8))
        case .tabs: columnSeparator = Array("\t".utf8)
        case .ascii: (columnSeparator, rowSeparator) = ([0x1F], [0x1E])
        case .line, .column: rowSeparator = Array("\n".utf8)
        case .insert: insertTable = table ?? "table"
        case .table, .box, .markdown, .json, .html: break
        }
        if mode == .column, !headersSetByUser { headers = true }
        if mode.isColumnar { (wrap, wordWrap, quoteColumns) = (60, false, false) }
    }

    /// Chooses `mode` as its command-line flag does (`-csv`, `-json`, …), which sets fewer
    /// separators than `.mode`.
    mutating func selectByFlag(_ mode: ShellMode) {
        self.mode = mode
        switch mode {
        case .csv: columnSeparator = Array(",".utf8)
        case .tabs: columnSeparator = Array("\t".utf8)
        case .quote: (columnSeparator, rowSeparator) = (Array(",".utf8), Array("\n".utf8))
        case .ascii: (columnSeparator, rowSeparator) = ([0x1F], [0x1E])
        default: break
        }
    }

    /// Sets `headers` as the user asked.
    mutating func showHeaders(_ shown: Bool) {
        headers = shown
        headersSetByUser = true
    }
}
#endif
