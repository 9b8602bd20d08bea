/// A schema name as SQLite compares it: its bytes, with ASCII letters folded to lower case.
/// Swift's `String` equality would take one text in two Unicode forms (`café` composed and
/// decomposed) as one name, where SQLite has two tables; sets and dictionaries of names use
/// this instead.
package struct SQLiteName: Hashable, Sendable {
    /// The name, its ASCII letters in lower case.
    package let folded: String

    /// The name `name`, folded.
    package init(_ name: String) {
        folded = name.sqliteCaseFolded
    }

    package static func == (lhs: SQLiteName, rhs: SQLiteName) -> Bool {
        lhs.folded.utf8.elementsEqual(rhs.folded.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var bytes = folded
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
