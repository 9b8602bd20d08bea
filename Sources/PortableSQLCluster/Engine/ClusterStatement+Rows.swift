import PortableSQL

/// Reading a query's rows: from the batch in hand, then from the batches that follow on the
/// wire, which another statement of the connection may have read ahead into memory.
extension ClusterStatement {
    /// The next row from the batches, reading the next batch when needed.
    func nextRow() throws -> Int32 {
        while next >= rows.count {
            if let cutShort {
                self.cutShort = nil
                throw (cutShort as? WireError).map(readFailure) ?? cutShort
            }
            guard !lastBatchRead, let client = connection.client else {
                state = .done
                return ClusterResultCodes.done
            }
            if connection.takeInterrupt() {
                stopStream()
                throw ClusterFailure(code: ClusterResultCodes.interrupt, message: "interrupted")
            }
            do {
                try readBatch(client)
            } catch let error as WireError {
                throw readFailure(error)
            }
        }
        row = rows[next]
        next += 1
        return ClusterResultCodes.row
    }

    /// The error to report when reading the rows failed after some were handed out.
    private func readFailure(_ error: WireError) -> ClusterFailure {
        RetryJudge(connection: connection, wasInTransaction: connection.isInTransaction, commits: false)
            .judgeAfterSending(error, mayCommit: false, rowsDelivered: true).failure
    }

    /// Reads the next batch of the running query into `rows`.
    ///
    /// - Throws: `WireError` when the query fails or the connection does.
    func readBatch(_ client: WireClient) throws {
        let batch: RowBatch
        do {
            batch = try client.nextBatch()
        } catch {
            lastBatchRead = true
            if connection.streamingStatement === self { connection.streamingStatement = nil }
            throw withoutColumnHeader(error)
        }
        setColumnNames(batch.columns)
        rows = batch.rows
        next = 0
        if batch.isLast {
            lastBatchRead = true
            if connection.streamingStatement === self { connection.streamingStatement = nil }
        }
    }

    /// A query that fails while its rows are read comes back from dqlite 1.11 as a failure
    /// whose code is the column count and whose message is the first column's name (the batch's
    /// header, not the error): that is SQLITE_ERROR, saying so, not a code it happens to spell
    /// (5 columns would read as SQLITE_BUSY, and be waited on).
    private func withoutColumnHeader(_ error: Error) -> Error {
        guard case WireError.failure(let code, let message) = error, let first = columnNames.first,
              code == UInt64(columnNames.count), message == first
        else { return error }
        return ClusterFailure(
            code: ClusterResultCodes.error,
            message: "dqlite cluster: the query failed on the node, which did not say why (dqlite 1.11 answers a failing query with its column header)")
    }

    /// Reads every batch still on the wire, so that another statement can use the connection
    /// while this one's rows are read from memory. An interrupt stops it (a result without end
    /// would otherwise be read for ever): the node is told to stop the query.
    ///
    /// - Throws: `WireError` when the connection fails meanwhile; `ClusterFailure`
    ///   (`SQLITE_INTERRUPT`) when interrupted. This statement then hands out the rows received
    ///   and throws the same error after them.
    func readRemainingBatches() throws {
        var remaining = Array(rows[next...])
        defer {
            rows = remaining
            next = 0
        }
        do {
            while !lastBatchRead {
                if connection.takeInterrupt() {
                    lastBatchRead = true
                    let interrupted = ClusterFailure(code: ClusterResultCodes.interrupt, message: "interrupted")
                    cutShort = interrupted
                    do {
                        try connection.client?.interrupt(database: connection.databaseID)
                    } catch {
                        connection.dropClient()
                    }
                    throw interrupted
                }
                guard let client = connection.client else { throw WireError.closed(address: "the leader") }
                let batch = try client.nextBatch()
                remaining += batch.rows
                lastBatchRead = batch.isLast
            }
        } catch let error as WireError {
            lastBatchRead = true
            cutShort = error
            throw error
        }
    }

    /// The connection broke while rows were arriving: the rows received stay readable, and
    /// the statement then throws a cut-short error after them.
    func streamWasCut() {
        if !lastBatchRead { cutShort = WireError.closed(address: "the leader") }
        lastBatchRead = true
    }

    /// Stops a query whose batches are still arriving.
    func stopStream() {
        guard connection.streamingStatement === self else { return }
        connection.streamingStatement = nil
        lastBatchRead = true
        do {
            try connection.client?.interrupt(database: connection.databaseID)
        } catch {
            connection.dropClient()
        }
    }

    /// The value in `column` of the current row; NULL out of range.
    func value(at column: Int32) -> SQLValue {
        column >= 0 && Int(column) < row.count ? row[Int(column)] : .null
    }
}
