import Foundation
import PortableSQL

/// Builds the body of a request: little-endian numbers, and texts and blobs padded to whole
/// 8-byte words, as dqlite's wire protocol lays them out.
struct MessageWriter {
    private(set) var bytes: [UInt8] = []

    mutating func uint32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func uint64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func int64(_ value: Int64) {
        uint64(UInt64(bitPattern: value))
    }

    mutating func double(_ value: Double) {
        uint64(value.bitPattern)
    }

    /// A text: its UTF-8 bytes, a NUL, then zeros up to the next word.
    mutating func text(_ value: String) {
        bytes.append(contentsOf: value.utf8)
        bytes.append(0)
        padToWord()
    }

    /// A blob: its length as a word, its bytes, then zeros up to the next word.
    mutating func blob(_ value: Data) {
        uint64(UInt64(value.count))
        bytes.append(contentsOf: value)
        padToWord()
    }

    /// A tuple of parameters: their count in one byte and their types one byte each, padded to
    /// a word, then each value. No parameters write nothing.
    ///
    /// - Throws: `ClusterFailure` (`SQLITE_RANGE`) for more parameters than the protocol's
    ///   one-byte count can say.
    mutating func parameters(_ values: [SQLValue]) throws {
        guard !values.isEmpty else { return }
        guard values.count <= WireCodes.maximumParameters else {
            throw ClusterFailure(
                code: ClusterResultCodes.range,
                message: "a statement takes at most \(WireCodes.maximumParameters) parameters on a cluster (dqlite's protocol); this one has \(values.count)")
        }
        bytes.append(UInt8(values.count))
        for value in values {
            switch value {
            case .null: bytes.append(WireCodes.null)
            case .long: bytes.append(WireCodes.integer)
            case .real: bytes.append(WireCodes.float)
            case .text: bytes.append(WireCodes.text)
            case .blob: bytes.append(WireCodes.blob)
            }
        }
        padToWord()
        for value in values {
            switch value {
            case .null: uint64(0)
            case .long(let number): int64(number)
            case .real(let number): double(number)
            case .text(let string): text(string)
            case .blob(let data): blob(data)
            }
        }
    }

    private mutating func padToWord() {
        while bytes.count % 8 != 0 { bytes.append(0) }
    }
}
