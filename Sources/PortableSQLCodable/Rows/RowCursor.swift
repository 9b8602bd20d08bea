/// The rows of a query, read one at a time from the statement as you iterate (never all loaded
/// unless you call `load()`).
///
/// Iterate with `for result in cursor`, or take `makeIterator()` and call `next()`: each element
/// is a `Result`, whose `get()` returns the record or throws why it could not be read. A row
/// that does not decode fails alone; a failing step ends the iteration. The cursor closes its
/// statement when the rows run out; call `close()` to stop early.
public final class RowCursor<Element>: Sequence {
    // Inlinable, so that iterating is specialized for the record type in the caller's module.
    // A constant, so that stepping does not retain it; `isFinished` says when it is closed.
    @usableFromInline let statement: SQLStatement
    @usableFromInline @exclusivity(unchecked) var isFinished = false
    /// Reads the element in the statement's current row.
    @usableFromInline let decode: () throws -> Element

    @usableFromInline
    init(statement: SQLStatement, decode: @escaping () throws -> Element) {
        self.statement = statement
        self.decode = decode
    }

    /// An iterator over the remaining rows. It is a class, so `next()` can be called on a `let`.
    @inlinable
    public func makeIterator() -> RowIterator<Element> {
        RowIterator(cursor: self)
    }

    /// Reads the remaining rows, at most `count` of them (all by default), then closes the cursor.
    ///
    /// - Throws: the first error met, from stepping or from decoding a row.
    @inlinable
    public func load(count: Int = .max) throws -> [Element] {
        defer { close() }
        guard !isFinished else { return [] }
        // Straight from the statement into the array, with no `Result` per row in between.
        var elements: [Element] = []
        while elements.count < count, try statement.next() {
            elements.append(try decode())
        }
        return elements
    }

    /// Finalizes the statement; later iteration ends at once. Never throws.
    @inlinable
    public func close() {
        guard !isFinished else { return }
        isFinished = true
        statement.close()
    }

    /// The next row as a result; `nil` at the end.
    @inlinable
    func nextResult() -> Result<Element, any Error>? {
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
public final class RowIterator<Element>: IteratorProtocol {
    @usableFromInline let cursor: RowCursor<Element>

    @usableFromInline
    init(cursor: RowCursor<Element>) {
        self.cursor = cursor
    }

    /// The next row, decoded or failed; `nil` when there are no more.
    @inlinable
    public func next() -> Result<Element, any Error>? {
        cursor.nextResult()
    }
}
