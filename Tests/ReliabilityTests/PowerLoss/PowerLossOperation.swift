import Foundation
import PortableSQLPlus

/// An operation of `PortableSQLTestHelper rewrite` that `PowerLossTests` traces, and what every
/// state a power cut during it leaves must hold.
struct PowerLossOperation: Sendable, CustomStringConvertible {
    /// What the folder must hold after a cut.
    enum Outcome: Sendable {
        /// `db` in the form `from` or `to`, the one file rewritten in place.
        case inPlace(to: RewriteForm)
        /// `db` unchanged; `copy.db` absent or whole, in the form `to`.
        case copy(to: RewriteForm)
        /// `db` migrated by the helper's `migrate` to a version from 7 to 9.
        case migration
        /// `db` with the batches of the helper's `pool-writes`, at least those it reported.
        case poolWrites
    }

    let name: String
    let from: RewriteForm
    let outcome: Outcome
    var description: String { name }

    /// Whether the user asked for an encrypted file: then no file of a state in which the
    /// encryption took effect holds a row's text in clear.
    var encrypts: Bool {
        switch outcome {
        case .inPlace(let to), .copy(let to): to.isEncrypted
        case .migration: false
        case .poolWrites: true
        }
    }

    /// What the program has reported at a cut: whether the operation returned, and how many
    /// writes it reported committed.
    struct Progress: Hashable {
        let done: Bool
        let committed: Int

        init(_ reports: [String]) {
            done = reports.contains { $0.hasPrefix("steps ") }
            committed = reports.filter { $0.hasPrefix("committed ") }.count
        }
    }

    /// Checks the state written in `folder` (scratch copies of it are made in `scratch`).
    ///
    /// - Returns: what is wrong, or `nil` when the state holds what it must.
    func check(_ state: [String: [UInt8]], progress: Progress, scratch: String) -> String? {
        do {
            if let clear = clearText(in: state) { return clear }
            switch outcome {
            case .inPlace(let to): return try checkInPlace(state, to: to, progress: progress, scratch: scratch)
            case .copy(let to): return try checkCopy(state, to: to, progress: progress, scratch: scratch)
            case .migration: return try checkMigration(state, progress: progress, scratch: scratch)
            case .poolWrites: return try checkPoolWrites(state, progress: progress, scratch: scratch)
            }
        } catch {
            return "\(error)"
        }
    }

    /// The file that holds a row's text in clear where the state must hold none.
    private func clearText(in state: [String: [UInt8]]) -> String? {
        guard encrypts else { return nil }
        // A plain source may keep its rows in clear (a copy's source, or a file not yet
        // rewritten): the forms' checks below see whether the encryption took effect.
        let marker = Array(RewriteForm.marker.utf8)
        for (name, bytes) in state.sorted(by: { $0.key < $1.key }) where bytes.firstRange(of: marker) != nil {
            if name == "db", from == .plain { continue }
            return "\(name) holds rows in clear"
        }
        return nil
    }

    private func checkInPlace(_ state: [String: [UInt8]], to: RewriteForm, progress: Progress, scratch: String) throws -> String? {
        // Tried in both orders, each on its own copy: trying the wrong key first must not
        // spoil the file for the right one.
        var found: [RewriteForm] = []
        for forms in [[from, to], [to, from]] {
            let folder = try StateFolder.write(state, to: scratch)
            let opening = try forms.filter { try $0.holdsEveryRow(folder + "/db") }
            guard opening.count == 1 else { return "db opens in \(opening.count) forms (tried \(forms))" }
            found.append(opening[0])
        }
        guard found[0] == found[1] else { return "db opens as \(found[0]) or \(found[1]), by the order tried" }
        if found[0] == to, to.isEncrypted, from == .plain, let clear = state.first(where: { $0.value.firstRange(of: Array(RewriteForm.marker.utf8)) != nil }) {
            return "db is encrypted, but \(clear.key) holds rows in clear"
        }
        if progress.done, found[0] != to {
            return "the operation returned, but db is still \(from)"
        }
        return nil
    }

    private func checkCopy(_ state: [String: [UInt8]], to: RewriteForm, progress: Progress, scratch: String) throws -> String? {
        let folder = try StateFolder.write(state, to: scratch)
        guard try from.holdsEveryRow(folder + "/db") else { return "the source does not open as \(from)" }
        if state["copy.db"] == nil {
            return progress.done ? "the copy returned, but copy.db is missing" : nil
        }
        return try to.holdsEveryRow(folder + "/copy.db") ? nil : "copy.db does not open as \(to)"
    }

    private func checkMigration(_ state: [String: [UInt8]], progress: Progress, scratch: String) throws -> String? {
        let folder = try StateFolder.write(state, to: scratch)
        let context = try SQLContext(path: folder + "/db", flags: .readWrite)
        defer { try? context.close() }
        let version = try context.getUserVersion()
        let columns = try context.selectAll(sql: "SELECT name FROM pragma_table_info('item') ORDER BY cid").compactMap { $0.first?.textValue }
        let indexes = try context.selectAll(sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'item'").compactMap { $0.first?.textValue }
        let rows = RewriteForm.rows
        let found = try context.selectAll(sql: "SELECT count(*), sum(n), sum(body LIKE '\(RewriteForm.marker)%') FROM item")
        let integrity = try context.selectAll(sql: "PRAGMA integrity_check")
        let expectedColumns = version == 7 ? ["n", "body"] : ["n", "body", "size"]
        guard (7...9).contains(version), columns == expectedColumns, indexes == (version == 9 ? ["item_size"] : []),
              found == [[.long(rows), .long(rows * (rows + 1) / 2), .long(rows)]], integrity == [["ok"]]
        else {
            return "version \(version), columns \(columns), indexes \(indexes), rows \(found), integrity \(integrity.prefix(3))"
        }
        if version >= 8, try context.selectAll(sql: "SELECT count(*) FROM item WHERE size != length(body)") != [[.long(0)]] {
            return "version \(version), but sizes are missing"
        }
        // Once it returned, only the last step can be undone, by its journal come back whole.
        let hotJournal = state["db-journal"]?.starts(with: [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]) == true
        if progress.done, version != 9, version != 8 || !hotJournal {
            return "the migration returned, but db is at version \(version)"
        }
        return nil
    }

    private func checkPoolWrites(_ state: [String: [UInt8]], progress: Progress, scratch: String) throws -> String? {
        let folder = try StateFolder.write(state, to: scratch)
        let context = try from.open(folder + "/db")
        defer { try? context.close() }
        let count = try context.selectAll(sql: "SELECT count(*), sum(body LIKE '\(RewriteForm.marker)%') FROM item")
        let integrity = try context.selectAll(sql: "PRAGMA integrity_check")
        guard let rows = count.first?.first?.longValue, count.first?.last == .long(rows), integrity == [["ok"]],
              rows >= RewriteForm.rows, (rows - RewriteForm.rows) % Self.poolBatchRows == 0
        else {
            return "rows \(count), integrity \(integrity.prefix(3))"
        }
        let batches = Int((rows - RewriteForm.rows) / Self.poolBatchRows)
        if batches < progress.committed || (progress.done && batches != Self.poolBatches) {
            return "\(batches) batches, but \(progress.committed) were committed\(progress.done ? " and the pool closed" : "")"
        }
        return nil
    }

    /// The writes of the helper's `pool-writes`, and the rows each adds (`poolBatches` and
    /// `poolBatchRows` in `PortableSQLTestHelper`).
    static let poolBatches = 8
    static let poolBatchRows: Int64 = 100
}

/// Writes a state's files in a folder of their own.
enum StateFolder {
    /// Writes `state` to a new folder `path`, replacing what was there.
    ///
    /// - Returns: the folder's path.
    /// - Throws: when a file cannot be written.
    static func write(_ state: [String: [UInt8]], to path: String) throws -> String {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        for (name, bytes) in state {
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        return path
    }
}
