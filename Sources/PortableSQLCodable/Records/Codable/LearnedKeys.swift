/// The bits of the coding key each column was last found for (see `CodingKeyBits`), for keys of
/// one type, so that the column expected next is recognized by comparing them.
struct LearnedKeys: ~Copyable {
    /// The key type the bits are of.
    private var keyType: ObjectIdentifier?
    private var bits = UnsafeMutableBufferPointer<UInt64>(start: nil, count: 0)

    init() {}

    deinit {
        bits.deallocate()
    }

    /// Forgets every key, and makes room for `count` columns.
    mutating func reset(count: Int) {
        if bits.count != count {
            bits.deallocate()
            bits = .allocate(capacity: count)
        }
        bits.initialize(repeating: CodingKeyBits.none)
        keyType = nil
    }

    /// Whether the key of type `Key` whose bits are `keyBits` was found at `position` before.
    @inline(__always)
    func isKey<Key: CodingKey>(_ key: Key.Type, bits keyBits: UInt64, at position: Int) -> Bool {
        keyBits != CodingKeyBits.none && keyType == ObjectIdentifier(Key.self) && position < bits.count && bits[position] == keyBits
    }

    /// Notes that the key of type `Key` whose bits are `keyBits` was found at `position`;
    /// the keys of another type learned before are forgotten.
    mutating func learn<Key: CodingKey>(_ key: Key.Type, bits keyBits: UInt64, at position: Int) {
        guard keyBits != CodingKeyBits.none, position < bits.count else { return }
        if keyType != ObjectIdentifier(Key.self) {
            bits.update(repeating: CodingKeyBits.none)
            keyType = ObjectIdentifier(Key.self)
        }
        bits[position] = keyBits
    }
}
