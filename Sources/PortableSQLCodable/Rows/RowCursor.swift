/// The rows of a query, read one at a time from the statement as you iterate (never all loaded
/// unless you call `load()`).
///
/// Iterate with `for result in cursor`, or take `makeIterator()` and call `next()`: each element
/// is a `Result`, whose `get()` returns the record or throws why it could not be read. A row
/// that does not decode fails alone; a failing step ends the iteration. The cursor closes its
/// statement when the rows run out; call `close()` to stop early.
public final class RowCursor<Row>: Sequence {
    /// What iteration gives: a row, or why it could not be read.
    public typealias Element = Result<Row, any Error>

    // Inlinable, so that iterating is specialized for the record type in the caller's module.
    // A constant, so that stepping does not retain it; `isFinished` says when it is closed.
    @usableFromInline let statement: SQLStatement
    @usableFromInline @exclusivity(unchecked) var isFinished = false
    /// Reads the row value in the statement's current row.
    @usableFromInline let decode: () throws -> Row

    @usableFromInline
    init(statement: SQLStatement, decode: @escaping () throws -> Row) {
        self.statement = statement
        self.decode = decode
    }

    /// A cursor over the rows of `statement` (prepared and bound), each made by `creator` from the
    /// statement at its current row, as SkipSQL's cursors are. The cursor owns the statement:
    /// it finalizes it at the end of the rows or on `close()`.
    public convenience init(statement: SQLStatement, creator: @escaping (SQLStatement) throws -> Row) {
        self.init(statement: statement) { try creator(statement) }
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
        defer { close() }
        guard !isFinished else { return [] }
        // Straight from the statement into the array, with no `Result` per row in between.
        var rows: [Row] = []
        while rows.count < count, try statement.next() {
            rows.append(try decode())
        }
        return rows
    }

    /// Finalizes the statement; later iteration ends at once. Never throws.
    @inlinable
    public func close() {
        guard !isFinished else { return }
        isFinished = true
        statement.finalize()
    }

    /// The next row as a result; `nil` at the end.
    @inlinable
    func nextResult() -> Result<Row, any Error>? {
        guard !isFinished else { return nil }
        do {
            guard try statement.next() else {
                close()
                return nil
            }
        } catch {
            close()
            return .failure(error)
        }
        return Result { try decode() }
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
