#if Tool
/// The rows of an `EXPLAIN` statement (a bytecode program) laid out as sqlite3 3.40 lays them
/// out in every mode: the columns `addr`, `opcode`, `p1` … `comment` in fixed widths (a wider
/// value widens its cell), names and dashes on top, and the opcodes inside a loop indented two
/// spaces for each loop around them.
struct ExplainProgram {
    /// The columns an `EXPLAIN` statement has, in order.
    static let columns = ["addr", "opcode", "p1", "p2", "p3", "p4", "p5", "comment"]
    /// The width of each column.
    private static let widths = [4, 13, 4, 4, 4, 13, 2, 13]
    /// Opcodes that end a loop (or a subroutine's body) by jumping back to its start.
    private static let loopEnds: Set = ["Next", "Prev", "VPrev", "VNext", "SorterNext", "Return"]
    /// Opcodes that start a loop a `Goto` jumps back to.
    private static let loopStarts: Set = ["Yield", "SeekLT", "SeekGT", "RowSetRead", "Rewind"]

    /// The result to lay out.
    let result: ShellResult
    /// What NULL prints as (`.nullvalue`).
    let nullValue: [UInt8]

    /// Whether `result`, of the statement `sql`, is a program: an `EXPLAIN` (not `EXPLAIN
    /// QUERY PLAN`) with the eight columns of one.
    static func isProgram(_ result: ShellResult, sql: String) -> Bool {
        result.columns == columns && QueryPlanTree.isExplain(sql) && !QueryPlanTree.isQueryPlan(sql)
    }

    /// The program's lines; nothing for no rows.
    func render() -> [UInt8] {
        guard !result.rows.isEmpty else { return [] }
        var text: [UInt8] = []
        for (index, name) in Self.columns.enumerated() {
            text += Self.padded(Array(name.utf8), to: Self.widths[index]) + Self.separator(after: index)
        }
        for (index, width) in Self.widths.enumerated() {
            text += Array(repeating: UInt8(ascii: "-"), count: width) + Self.separator(after: index)
        }
        let indents = indents()
        for (number, row) in result.rows.enumerated() {
            for (index, cell) in row.prefix(Self.widths.count).enumerated() {
                if index == 1 { text += Array(repeating: 0x20, count: indents[number]) }
                let value = cell.text ?? nullValue
                let width = index == Self.widths.count - 1 ? 0 : Self.widths[index]
                text += Self.padded(value, to: width) + Self.separator(after: index)
            }
        }
        return text
    }

    /// The indentation of each row: two spaces for each loop the opcode is in. A loop runs from
    /// the target of a `Next` (and its kin, and `Return`) to it, or from the target of a `Goto` to it when the
    /// target starts a loop or the `Goto`'s p1 is not 0.
    private func indents() -> [Int] {
        var indents: [Int] = []
        var startsLoop: [Bool] = []
        for (number, row) in result.rows.enumerated() {
            let opcode = row.count > 1 ? String(decoding: row[1].text ?? [], as: UTF8.self) : ""
            // A trigger's subprogram counts its addresses from 0: the target is made relative to this row.
            let target = Self.integer(row, 3) + number - Self.integer(row, 0)
            startsLoop.append(Self.loopStarts.contains(opcode))
            indents.append(0)
            let closesLoop = (Self.loopEnds.contains(opcode) && target > 0)
                || (opcode == "Goto" && target >= 0 && target <= number && (startsLoop[target] || Self.integer(row, 2) != 0))
            if closesLoop, target < number {
                for inner in target..<number { indents[inner] += 2 }
            }
        }
        return indents
    }

    /// The integer in column `index` of `row`, as C's `atoi` reads SQLite's text of it.
    private static func integer(_ row: [ShellCell], _ index: Int) -> Int {
        guard index < row.count, case .long(let value) = row[index].value else { return 0 }
        return Int(truncatingIfNeeded: value)
    }

    /// What follows the cell in column `index`: two spaces, or a newline after the last.
    private static func separator(after index: Int) -> [UInt8] {
        index == widths.count - 1 ? [0x0A] : [0x20, 0x20]
    }

    /// `value` followed by spaces up to `width` characters (UTF-8 sequences count once); a
    /// longer value whole.
    private static func padded(_ value: [UInt8], to width: Int) -> [UInt8] {
        let characters = value.lazy.filter { $0 & 0xC0 != 0x80 }.count
        return value + Array(repeating: 0x20, count: max(width - characters, 0))
    }
}
#endif
