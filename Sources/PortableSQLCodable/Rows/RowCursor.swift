/// The rows of a query, read one at a time from the statement as you iterate (never all loaded
/// unless you call `load()`).
///
/// Iterate with `for result in cursor`, or take `makeIterator()` and call `next()`: each element
/// is a `Result`, whose `get()` returns the record or throws why it could not be read. A row
/// that does not decode fails alone; a failing step ends the iteration. The cursor closes its
/// statement when the rows run out, or when it is freed; call `close()` to stop early. A
/// query's cursor gives its statement back to the context's statement cache instead, for the
/// next run of the same query.
public final class RowCursor<Row>: Sequence {
    /// What iteration gives: a row, or why it could not be read.
    public typealias Element = Result<Row, any Error>

    // Inlinable, so that iterating is specialized for the record type in the caller's module.
    // A constant, so that stepping does not retain it; `isFinished` says when it is closed.
    @usableFromInline let statement: SQLStatement
    @usableFromInline @exclusivity(unchecked) var isFinished = false
    /// Reads the row value in the statement's current row.
    @usableFromInline let decode: () throws -> Row
    /// The context whose statement cache lent the statement (a query's), given back on close;
    /// `nil` when the cursor owns the statement and finalizes it.
    @usableFromInline let lender: SQLContext?
    /// The query again, prepared anew, for a first step that finds its table missing (see
    /// `SQLSelectPlan.restartsWhenTablesGo`); `nil` for other statements.
    @usableFromInline let restart: (() throws -> RowCursor<Row>)?
    /// The cursor that reads the rows after a restart.
    @usableFromInline var replacement: RowCursor<Row>?

    @usableFromInline
    init(statement: SQLStatement, decode: @escaping () throws -> Row) {
        self.statement = statement
        self.decode = decode
        lender = nil
        restart = nil
    }

    /// A cursor over a query's statement, lent by `context`'s statement cache (see
    /// `SQLSelectPlan.prepare(on:)`), which it gives back when it closes.
    @usableFromInline
    init(lentStatement statement: SQLStatement, by context: SQLContext, restart: (() throws -> RowCursor<Row>)?, decode: @escaping () throws -> Row) {
        self.statement = statement
        self.decode = decode
        lender = context
        self.restart = restart
    }

    /// A cursor over the rows of `statement` (prepared and bound), each made by `creator` from the
    /// statement at its current row, as SkipSQL's cursors are. The cursor owns the statement:
    /// it finalizes it at the end of the rows or on `close()`.
    public convenience init(statement: SQLStatement, creator: @escaping (SQLStatement) throws -> Row) {
        self.init(statement: statement) { try creator(statement) }
    }

    deinit {
        close()
    }

    /// An iterator over the remaining rows. It is a class, so `next()` can be called on a `let`.
    @inlinable
    public func makeIterator() -> RowIterator<Row> {
        RowIterator(cursor: self)
    }

    /// Reads the remaining rows, at most `count` of them (all by default), then closes the cursor.
    ///
    /// - Throws: the first error met, from stepping or from decoding a row.
    @inlinable
    public func load(count: Int = .max) throws -> [Row] {
        guard !isFinished else { return try replacement?.load(count: count) ?? [] }
        defer { close() }
        // Straight from the statement into the array, with no `Result` per row in between.
        var rows: [Row] = []
        while rows.count < count {
            let hasRow: Bool
            do {
                hasRow = try statement.next()
            } catch {
                guard rows.isEmpty, let replacement = try restarted(after: error) else { throw error }
                return try replacement.load(count: count)
            }
            guard hasRow else { break }
            rows.append(try decode())
        }
        return rows
    }

    /// Ends the reading: finalizes the statement, or gives a query's back to its context's
    /// statement cache, reset and without its values; later iteration ends at once. Never throws.
    @inlinable
    public func close() {
        guard !isFinished else {
            replacement?.close()
            return
        }
        isFinished = true
        release()
    }

    /// Gives the statement back to its lender, or finalizes it.
    @usableFromInline
    func release() {
        if let lender {
            lender.checkInQueryStatement(statement)
        } else {
            statement.finalize()
        }
    }

    /// The cursor of the query run again after its first step failed with `error`, which it
    /// takes the place of; `nil` when `error` is to be reported (see
    /// `SQLSelectPlan.restartsWhenTablesGo`).
    ///
    /// - Throws: what running the query again throws.
    @usableFromInline
    func restarted(after error: any Error) throws -> RowCursor<Row>? {
        close()
        guard let restart, replacement == nil, let lender, SQLSelectPlan.missesTable(error) else { return nil }
        lender.discardQueryStatement(statement)
        let replacement = try restart()
        self.replacement = replacement
        return replacement
    }

    /// The next row as a result; `nil` at the end.
    @inlinable
    func nextResult() -> Result<Row, any Error>? {
        guard !isFinished else { return replacement?.nextResult() }
        do {
            guard try statement.next() else {
                close()
                return nil
            }
        } catch {
            return failedResult(error)
        }
        return Result { try decode() }
    }

    /// The result of a step that failed with `error`: the first row of the query run again
    /// (see `restarted(after:)`), or the failure.
    @usableFromInline
    func failedResult(_ error: any Error) -> Result<Row, any Error>? {
        do {
            guard let replacement = try restarted(after: error) else { return .failure(error) }
            return replacement.nextResult()
        } catch {
            return .failure(error)
        }
    }
}

/// Steps through a `RowCursor`.
public final class RowIterator<Row>: IteratorProtocol {
    /// What `next()` gives: a row, or why it could not be read.
    public typealias Element = Result<Row, any Error>

    @usableFromInline let cursor: RowCursor<Row>

    @usableFromInline
    init(cursor: RowCursor<Row>) {
        self.cursor = cursor
    }

    /// The next row, decoded or failed; `nil` when there are no more.
    @inlinable
    public func next() -> Result<Row, any Error>? {
        cursor.nextResult()
    }
}
