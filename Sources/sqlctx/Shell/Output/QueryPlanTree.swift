#if Tool
import PortableSQL

/// A statement's query plan drawn as sqlite3's `.eqp on` draws it: `QUERY PLAN`, then each step
/// of `EXPLAIN QUERY PLAN` under its parent, `|--` before a step that has a next sibling and
/// `` `-- `` before the last.
struct QueryPlanTree {
    /// The database that plans the statement.
    let context: SQLContext

    /// One step of the plan.
    private struct Step {
        let id: Int64
        let parent: Int64
        let detail: String
    }

    /// The tree of `sql`'s plan, each line ended; empty when SQLite gives no plan (a statement
    /// that reads no table, such as CREATE) or cannot plan it (its own error then follows).
    func render(_ sql: String) -> String {
        guard let rows = try? context.selectAll(sql: "EXPLAIN QUERY PLAN " + sql) else { return "" }
        return Self.render(rows)
    }

    /// The tree of the rows of an `EXPLAIN QUERY PLAN` statement (`id`, `parent`, `notused`,
    /// `detail`), as sqlite3 prints them whatever the mode; empty for no rows.
    static func render(_ rows: [[SQLValue]]) -> String {
        guard !rows.isEmpty, rows.allSatisfy({ $0.count == 4 }) else { return "" }
        var steps = rows.map { Step(id: $0[0].longValue ?? 0, parent: $0[1].longValue ?? 0, detail: $0[3].textValue ?? "") }
        var text = "QUERY PLAN\n"
        // A first step that is a comment (`--…`) names the plan in place of `QUERY PLAN`.
        if let first = steps.first, first.detail.hasPrefix("-") {
            guard steps.count > 1 else { return "" }
            text = String(first.detail.dropFirst(3)) + "\n"
            steps.removeFirst()
        }
        draw(under: 0, prefix: "", steps, into: &text)
        return text
    }

    /// Adds the steps whose parent is `parent`, each after `prefix`, and theirs below them.
    private static func draw(under parent: Int64, prefix: String, _ steps: [Step], into text: inout String) {
        let children = steps.filter { $0.parent == parent && $0.id != parent }
        for (index, child) in children.enumerated() {
            let last = index == children.count - 1
            text += prefix + (last ? "`--" : "|--") + child.detail + "\n"
            draw(under: child.id, prefix: prefix + (last ? "   " : "|  "), steps, into: &text)
        }
    }

    /// Whether `sql` is an `EXPLAIN` statement, whose own rows are a program or a plan.
    static func isExplain(_ sql: String) -> Bool {
        let tokens = SQLTokens(sql)
        return tokens.first.map { tokens.isKeyword($0, "explain") } ?? false
    }

    /// Whether `sql` is an `EXPLAIN QUERY PLAN` statement, whose rows sqlite3 draws as a tree.
    static func isQueryPlan(_ sql: String) -> Bool {
        let tokens = SQLTokens(sql)
        guard tokens.count >= 3 else { return false }
        return zip(["explain", "query", "plan"], tokens.prefix(3)).allSatisfy { tokens.isKeyword($1, $0) }
    }
}
#endif
