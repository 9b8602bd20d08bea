/// What an observer of changes watches: every table, some tables, or some rows of one table.
///
/// Table names match without regard to case, in every schema ("main", "temp" and attached
/// databases alike).
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

    /// The tables named, folded to lower case; `nil` for every table.
    var foldedTables: Set<String>? {
        switch self {
        case .allTables: return nil
        case .tables(let names): return Set(names.map(\.sqliteCaseFolded))
        case .rows(let table, _): return [table.sqliteCaseFolded]
        }
    }

    /// The part of a commit's changes that falls in the region; `nil` when none does.
    func changes(amongTables tables: [String: String], rows: [SQLRowChange]) -> SQLChangeSet? {
        switch self {
        case .allTables:
            return tables.isEmpty ? nil : SQLChangeSet(tables: Set(tables.values), rowChanges: [])
        case .tables:
            let watched = foldedTables ?? []
            let touched = Set(tables.filter { watched.contains($0.key) }.values)
            return touched.isEmpty ? nil : SQLChangeSet(tables: touched, rowChanges: [])
        case .rows(let table, let rowIDs):
            let folded = table.sqliteCaseFolded
            let matching = rows.filter { $0.table.sqliteCaseFolded == folded && rowIDs.contains($0.rowID) }
            return matching.isEmpty ? nil : SQLChangeSet(tables: Set(matching.map(\.table)), rowChanges: matching)
        }
    }
}
