import PortableSQL

/// The row a plain `Codable` record encodes into, as its keyed containers write it: the row's
/// values, lent while the record's `encode(to:)` runs (see `RecordRowCoding`).
final class RecordRowWriting: RecordRowCoding, @unchecked Sendable {
    private static let reused = ReusedObjects<RecordRowWriting>()

    /// The row's values, by position, while a record encodes.
    @exclusivity(unchecked) private var values = UnsafeMutableBufferPointer<SQLValue?>(start: nil, count: 0)

    /// A writing of rows of the table `tableName`, whose columns `finder` finds and `kinds`
    /// describes.
    static func take(finder: ColumnFinder, kinds: [StoredKind], tableName: String) -> RecordRowWriting {
        let writing = reused.take { RecordRowWriting() }
        writing.hold(finder: finder, kinds: kinds, tableName: tableName)
        return writing
    }

    /// Gives the writing back, to be taken again.
    func giveBack() {
        release()
        Self.reused.giveBack(self)
    }

    /// Starts encoding a record into `values`, one per column.
    @inline(__always)
    func begin(_ values: UnsafeMutableBufferPointer<SQLValue?>) {
        self.values = values
        start()
    }

    /// Ends encoding a record: the values are given back, and later writes through a kept
    /// container throw.
    @inline(__always)
    func end() {
        finish()
        values = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// Stores `value` at `position`, and expects the next property after it.
    @inline(__always)
    func store(_ value: SQLValue, at position: Int) {
        values[position] = value
        next = position + 1
    }

    /// What a container kept past its record's `encode(to:)` throws.
    static let usedAfterEncoding = SQLError(code: .misuse, message: "a record's encoder or container was used after its encode(to:) returned")
}
