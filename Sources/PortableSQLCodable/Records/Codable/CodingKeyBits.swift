/// Recognizes a coding key by its bits rather than by its string value, for the keys whose type
/// is plain bits of 0, 1, 2 or 4 bytes and holds no reference: a synthesized `CodingKeys` enum (one
/// byte, or none), an enum or a struct of integers. Two such keys with the same bits are the
/// same value, and so have the same string value; comparing the bits spares a call of
/// `stringValue` (through the key's witness table) and a string comparison per property.
enum CodingKeyBits {
    /// What no key's bits are: a key of another type, which is recognized by name only.
    static let none: UInt64 = 0

    /// `key`'s bits, with a marker bit above them so that they are never `none`; `none` when
    /// the key's type is not plain bits of 0, 1, 2 or 4 bytes.
    @inline(__always)
    static func of<Key: CodingKey>(_ key: Key) -> UInt64 {
        guard _isPOD(Key.self) else { return none }
        let marker: UInt64 = 1 << 63
        switch MemoryLayout<Key>.size {
        case 0: return marker
        case 1: return marker | UInt64(unsafeBitCast(key, to: UInt8.self))
        case 2: return marker | UInt64(unsafeBitCast(key, to: UInt16.self))
        case 4: return marker | UInt64(unsafeBitCast(key, to: UInt32.self))
        default: return none
        }
    }
}
