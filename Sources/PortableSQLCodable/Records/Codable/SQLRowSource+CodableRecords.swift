extension SQLRowSource {
    /// Whether the source's record decoder decodes `T` in place from the statement's current
    /// row: the source has one for `T` (it reads `T`'s table), holds no snapshot, and is not
    /// decoding a record already.
    @inline(__always)
    func decodesInPlace<T: CodableRecord>(_ type: T.Type) -> Bool {
        guard let recordDecoder, !isSnapshot else { return false }
        return recordDecoder.decodesInPlace(T.self)
    }

    /// A `T` decoded in place from the statement's current row, when `decodesInPlace(_:)` said so.
    ///
    /// - Throws: what `T`'s `init(from:)` throws.
    @inline(__always)
    func decodeRecordInPlace<T: CodableRecord>(_ type: T.Type) throws -> T {
        try recordDecoder.unsafelyUnwrapped.decode(T.self, handle: statement.currentHandle)
    }
}
