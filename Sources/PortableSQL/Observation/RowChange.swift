/// A change to one row of a table that an observer of rows watches, kept until the transaction
/// commits (or rolls back).
struct RowChange {
    /// The table, named as SQLite names it.
    let table: String
    /// The row's rowid.
    let rowID: Int64
}
