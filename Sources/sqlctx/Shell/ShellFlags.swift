#if Tool
import ArgumentParser

/// sqlite3's output-mode flags (`-csv`, `-json`, …), each also spelled with two dashes; the
/// last one given wins.
enum ModeFlag: String, EnumerableFlag {
    case list, column, table, box, markdown, csv, json, line, html, quote, tabs, ascii

    static func name(for value: Self) -> NameSpecification {
        [.customLong(value.rawValue, withSingleDash: true), .customLong(value.rawValue)]
    }

    static func help(for value: Self) -> ArgumentHelp? {
        "Set the output mode to \(value.rawValue)."
    }

    /// The shell mode the flag chooses.
    var mode: ShellMode { ShellMode(rawValue: rawValue) ?? .list }
}

/// sqlite3's `-header` and `-noheader`; the last one given wins.
enum HeaderFlag: String, EnumerableFlag {
    case header, noheader

    static func name(for value: Self) -> NameSpecification {
        [.customLong(value.rawValue, withSingleDash: true), .customLong(value.rawValue)]
    }

    static func help(for value: Self) -> ArgumentHelp? {
        value == .header ? "Print column names above the rows." : "Print no column names."
    }
}

extension NameSpecification {
    /// A long name that works with one dash (as sqlite3 spells it) and with two.
    static func sqlite3(_ name: String) -> NameSpecification {
        [.customLong(name, withSingleDash: true), .customLong(name)]
    }
}
#endif
