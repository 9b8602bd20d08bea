/// What an `sqlite3_value*` of the cluster engine points to: one column of a statement's
/// current row, for `sqlite3_column_value` and the `sqlite3_value_*` reads.
struct ValueCell {
    let statement: Unmanaged<ClusterStatement>
    let column: Int

    /// The statement whose row it reads.
    var owner: ClusterStatement { statement.takeUnretainedValue() }
}
