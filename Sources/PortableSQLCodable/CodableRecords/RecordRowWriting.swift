import PortableSQL

/// The row a `SQLCodableRecord` encodes into, as its keyed containers write it: the row's
/// values (lent while the record's `encode(to:)` runs), where the next property is expected,
/// and which encoder is encoding a record into it.
///
/// Reused and never freed, and checked by token, for the reasons `RecordRowReading` gives.
final class RecordRowWriting: @unchecked Sendable {
    // Used by one encoder at a time; handed between encoders under the pool's lock.

    private static let reused = ReusedObjects<RecordRowWriting>()

    /// Finds each property's column.
    private(set) var finder = ColumnFinder.empty
    /// How each column's property is stored, by position.
    private(set) var kinds: [StoredKind] = []
    /// The table's name, for messages.
    private(set) var tableName = ""
    /// The row's values, by position, while a record encodes.
    @exclusivity(unchecked) private var values = UnsafeMutableBufferPointer<SQLValue?>(start: nil, count: 0)
    /// Where the next property is expected: properties encode in the order of the columns.
    @exclusivity(unchecked) var next = 0
    /// The token of the encoder that holds the writing: unique to that holder.
    private(set) var token: UInt64 = 0
    /// The token while a record's `encode(to:)` runs, else 0: what containers check.
    @exclusivity(unchecked) private(set) var activeToken: UInt64 = 0

    private init() {}

    /// A writing of rows of the table `tableName`, whose columns `finder` finds and `kinds`
    /// describes.
    static func take(finder: ColumnFinder, kinds: [StoredKind], tableName: String) -> RecordRowWriting {
        let writing = reused.take { RecordRowWriting() }
        writing.finder = finder
        writing.kinds = kinds
        writing.tableName = tableName
        writing.token = HolderTokens.next()
        return writing
    }

    /// Gives the writing back to the pool: containers made for it throw from now on.
    func giveBack() {
        token = 0
        activeToken = 0
        kinds = []
        Self.reused.giveBack(self)
    }

    /// Starts encoding a record into `values`, one per column.
    @inline(__always)
    func begin(_ values: UnsafeMutableBufferPointer<SQLValue?>) {
        self.values = values
        next = 0
        activeToken = token
    }

    /// Ends encoding a record: later writes through a kept container throw.
    @inline(__always)
    func end() {
        activeToken = 0
        values = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// The position of the column named `name`, where the order of the properties puts it
    /// or else by name; `nil` when the table has none.
    @inline(__always)
    func position(of name: String) -> Int? {
        finder.position(of: name, hint: next)
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
