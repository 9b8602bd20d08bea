/// What an observer of changes watches (every table, some tables, or some rows of one table),
/// and what it hears of a commit: the part of its region that the commit changed, as
/// `.tables(names)` (for `.allTables` and `.tables`) or `.rows(table:rowIDs:)`.
///
/// Table names match as SQLite matches them: without regard to the case of ASCII letters, byte
/// for byte otherwise (a name in two Unicode forms is two tables), in every schema ("main",
/// "temp" and attached databases alike). A `Set<String>` holds one name of two that are the
/// same text in two Unicode forms (Swift takes them as equal): observe such tables with an
/// observer each, or `.allTables`.
public enum SQLObservedRegion: Sendable, Hashable {
    /// Every change to any table.
    case allTables
    /// Changes to any row of these tables.
    case tables(Set<String>)
    /// Changes to the rows of `table` with these rowids.
    case rows(table: String, rowIDs: Set<Int64>)

    /// Changes to any row of the tables named.
    public static func tables(_ names: String...) -> SQLObservedRegion {
        .tables(Set(names))
    }

    /// The tables of the region: those named, or the table of the rows; empty for `.allTables`.
    public var tableNames: Set<String> {
        switch self {
        case .allTables: return []
        case .tables(let names): return names
        case .rows(let table, _): return [table]
        }
    }

    /// The rowids of a region of rows; empty for the other regions.
    public var rowIDs: Set<Int64> {
        if case .rows(_, let rowIDs) = self { return rowIDs }
        return []
    }

    /// The tables named, as SQLite compares names; `nil` for every table.
    var foldedTables: Set<SQLiteName>? {
        switch self {
        case .allTables: return nil
        case .tables(let names): return Set(names.map(SQLiteName.init))
        case .rows(let table, _): return [SQLiteName(table)]
        }
    }

    /// The part of the region that a commit's changes fall in, with the tables named as SQLite
    /// names them; `nil` when none does.
    func changes(amongTables tables: [SQLiteName: String], rows: [RowChange]) -> SQLObservedRegion? {
        switch self {
        case .allTables:
            return tables.isEmpty ? nil : .tables(Set(tables.values))
        case .tables:
            let watched = foldedTables ?? []
            let touched = Set(tables.filter { watched.contains($0.key) }.values)
            return touched.isEmpty ? nil : .tables(touched)
        case .rows(let table, let rowIDs):
            let name = SQLiteName(table)
            let matching = rows.filter { SQLiteName($0.table) == name && rowIDs.contains($0.rowID) }
            guard let first = matching.first else { return nil }
            return .rows(table: first.table, rowIDs: Set(matching.map(\.rowID)))
        }
    }
}
