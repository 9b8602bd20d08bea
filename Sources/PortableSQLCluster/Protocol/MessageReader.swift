import Foundation
import PortableSQL

/// Reads the body of a response, checking each read against the body's length, so that a
/// short or garbled message throws instead of reading past its end.
struct MessageReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// - Throws: `WireError.malformed` past the end of the body.
    mutating func uint32() throws -> UInt32 {
        let raw = try take(4)
        return raw.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// - Throws: `WireError.malformed` past the end of the body.
    mutating func uint64() throws -> UInt64 {
        let raw = try take(8)
        return raw.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    /// - Throws: `WireError.malformed` past the end of the body.
    mutating func int64() throws -> Int64 {
        Int64(bitPattern: try uint64())
    }

    /// - Throws: `WireError.malformed` past the end of the body.
    mutating func double() throws -> Double {
        Double(bitPattern: try uint64())
    }

    /// The byte at the read position, not consumed.
    ///
    /// - Throws: `WireError.malformed` at the end of the body.
    func peekByte() throws -> UInt8 {
        guard offset < bytes.count else { throw WireError.malformed("a message ends too early") }
        return bytes[offset]
    }

    /// A count of the items that follow (or of what a statement has), checked against `limit`
    /// and, when each item takes at least `minimumBytes`, against what is left of the body,
    /// before anything is made of it.
    ///
    /// - Throws: `WireError.malformed` naming the count and `items` when it is beyond either.
    mutating func count(of items: String, limit: Int, minimumBytes: Int = 0) throws -> Int {
        let count = try uint64()
        guard count <= UInt64(limit) else { throw WireError.malformed("\(count) \(items), more than the protocol's \(limit)") }
        let left = bytes.count - offset
        guard minimumBytes == 0 || count <= UInt64(left / minimumBytes) else {
            throw WireError.malformed("\(count) \(items) announced in the \(left) bytes left of a message")
        }
        return Int(count)
    }

    /// A NUL-terminated text padded to a word.
    ///
    /// - Throws: `WireError.malformed` when no NUL ends it within the body.
    mutating func text() throws -> String {
        guard let end = bytes[offset...].firstIndex(of: 0) else { throw WireError.malformed("a text has no end") }
        let value = String(decoding: bytes[offset..<end], as: UTF8.self)
        offset = end + 1
        skipPadding()
        return value
    }

    /// A blob: its length, its bytes, padding.
    ///
    /// - Throws: `WireError.malformed` when the blob runs past the body.
    mutating func blob() throws -> Data {
        let length = try uint64()
        guard length <= UInt64(bytes.count - offset) else { throw WireError.malformed("a blob of \(length) bytes runs past its message") }
        let value = Data(try take(Int(length)))
        skipPadding()
        return value
    }

    /// Consumes `count` bytes.
    ///
    /// - Throws: `WireError.malformed` past the end of the body.
    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw WireError.malformed("a message ends too early") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    private mutating func skipPadding() {
        offset = min(bytes.count, (offset + 7) / 8 * 8)
    }
}
