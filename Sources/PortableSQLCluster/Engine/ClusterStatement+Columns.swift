import Foundation
import PortableSQL

/// A query's column names: dqlite's protocol gives them only with a batch of rows.
extension ClusterStatement {
    /// Reads the column names from the first batch of a run with NULL parameters. A statement
    /// without parameters keeps that run for its first step (its batches go on arriving);
    /// another one stops it. When the run fails (on its NULL parameters, as `LIMIT ?` does, or
    /// on an error that its real run reports as SQLite would, at its first step), the names
    /// come from `ColumnProbe`, which runs nothing of the statement; failing that, from the
    /// first batch of the first real run.
    func describe() throws {
        let client = try connection.leaderClient()
        connection.runs += 1
        let batch: RowBatch
        do {
            try client.startQuery(database: connection.databaseID, statement: serverID, bindings)
            batch = try client.nextBatch()
        } catch WireError.failure(let code, _) where !RetryJudge.isLeaderChange(code) {
            setColumnNames(try ColumnProbe(sql: sql, parameterCount: parameterCount).names(on: client, database: connection.databaseID))
            return
        }
        if parameterCount == 0 {
            rows = batch.rows
            next = 0
            lastBatchRead = batch.isLast
            if !batch.isLast { connection.streamingStatement = self }
            fetchedAheadAt = connection.runs
        } else if !batch.isLast {
            try client.interrupt(database: connection.databaseID)
        }
        setColumnNames(batch.columns)
    }

    /// Keeps the column names, and one `sqlite3_value` per column; names already known stay.
    func setColumnNames(_ names: [String]?) {
        guard let names, columnNamePointers.isEmpty, !names.isEmpty else { return }
        columnNames = names
        columnNamePointers = columnNames.map { strdup($0) }
        let cells = UnsafeMutablePointer<ValueCell>.allocate(capacity: max(1, columnNames.count))
        for column in columnNames.indices {
            (cells + column).initialize(to: ValueCell(statement: Unmanaged.passUnretained(self), column: column))
        }
        valueCells = cells
    }
}
