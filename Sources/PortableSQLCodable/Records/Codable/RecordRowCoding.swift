import PortableSQL

/// What a record's keyed containers share with the coder that made them: the table's columns,
/// where the next property is expected, and which coder is coding a record with it.
///
/// A container reaches it through an unretained reference and a token (both trivial to copy),
/// because the standard library copies a container for each property it codes: a reference that
/// is retained would cost two atomic operations a property. So that such a reference never
/// dangles, even in a container kept past `init(from:)` or `encode(to:)`, these objects are
/// never freed: a coder takes one (`ReusedObjects`) and gives it back, and a container whose
/// token is no longer the object's active one throws instead of reading or writing.
class RecordRowCoding: @unchecked Sendable {
    // Used by one coder at a time; handed between coders under `ReusedObjects`' lock.

    /// Finds each property's column.
    final private(set) var finder = ColumnFinder.empty
    /// How each column's property is stored, by position.
    final private(set) var kinds: [StoredKind] = []
    /// The table's name, for messages.
    final private(set) var tableName = ""
    /// Where the next property is expected: properties are coded in the order of the columns.
    @exclusivity(unchecked) final var next = 0
    /// The token of the coder that holds the object: unique to that holder.
    final private(set) var token: UInt64 = 0
    /// The token while a record is coded, else 0: what containers check.
    @exclusivity(unchecked) final private(set) var activeToken: UInt64 = 0
    /// The coding key each column was found for, recognized again without its name.
    @exclusivity(unchecked) final private var learnedKeys = LearnedKeys()

    /// Makes the object code rows of the table `tableName`, whose columns `finder` finds and
    /// `kinds` describes, for a new holder.
    final func hold(finder: ColumnFinder, kinds: [StoredKind], tableName: String) {
        self.finder = finder
        self.kinds = kinds
        self.tableName = tableName
        learnedKeys.reset(count: finder.names.count)
        token = HolderTokens.next()
    }

    /// Forgets the holder: containers made for it throw from now on.
    func release() {
        token = 0
        activeToken = 0
        kinds = []
    }

    /// Starts coding a record.
    @inline(__always)
    final func start() {
        next = 0
        activeToken = token
    }

    /// Ends coding a record: later calls through a kept container throw.
    @inline(__always)
    final func finish() {
        activeToken = 0
    }

    /// Whether a record is being coded.
    final var isCoding: Bool { activeToken != 0 }

    /// The position of `key`'s column, without moving past it; `nil` when the table has none.
    /// The column the order of the properties puts next is recognized by the key's bits when
    /// that key was found there before (`CodingKeyBits`), else each column by the key's name.
    @inline(__always)
    final func position<Key: CodingKey>(of key: Key) -> Int? {
        let bits = CodingKeyBits.of(key)
        if learnedKeys.isKey(Key.self, bits: bits, at: next) { return next }
        return findPosition(of: key, bits: bits)
    }

    /// The position of `key`'s column found by name, learned for `position(of:)`.
    private final func findPosition<Key: CodingKey>(of key: Key, bits: UInt64) -> Int? {
        guard let position = finder.position(of: key.stringValue, hint: next) else { return nil }
        learnedKeys.learn(Key.self, bits: bits, at: position)
        return position
    }
}
