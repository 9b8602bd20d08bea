import Foundation

/// Reads a WAL file as SQLite's recovery does: the header and then each frame whose salts
/// match the header's and whose running checksum holds, up to the last commit frame among them.
///
/// SQLite's format (https://www.sqlite.org/fileformat2.html#walformat): a 32-byte header (magic,
/// version, page size, checkpoint sequence, two salts, two checksum words), then frames of a
/// 24-byte header (page number, database size after a commit or 0, the two salts, two checksum
/// words) and a page. The magic's low bit says whether the checksum reads big-endian words.
struct WALFile {
    /// The bytes that the last committed frame of page `page` holds, or `nil` when no
    /// committed frame of the file holds that page (or it is not a WAL, or cannot be read).
    static func lastCommittedPage(_ page: UInt32, inWALAt path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 32), header.count == 32 else { return nil }
        let magic = bigEndian(header, 0)
        guard magic & 0xFFFF_FFFE == 0x377F_0682, bigEndian(header, 4) == 3_007_000 else { return nil }
        let bigEndianSums = magic & 1 == 1
        let pageSize = Int(bigEndian(header, 8))
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return nil }
        var sums = checksum(header.prefix(24), bigEndianSums, (0, 0))
        guard sums == (bigEndian(header, 24), bigEndian(header, 28)) else { return nil }
        let salts = header[16..<24]
        var found: Data?
        var pending: Data?
        while let frame = try? handle.read(upToCount: 24 + pageSize), frame.count == 24 + pageSize {
            guard bigEndian(frame, 0) != 0, frame[frame.startIndex + 8..<frame.startIndex + 16] == salts else { break }
            sums = checksum(frame.prefix(8), bigEndianSums, sums)
            sums = checksum(frame.suffix(pageSize), bigEndianSums, sums)
            guard sums == (bigEndian(frame, 16), bigEndian(frame, 20)) else { break }
            if bigEndian(frame, 0) == page { pending = Data(frame.suffix(pageSize)) }
            // A commit frame makes the frames before it part of the database.
            if bigEndian(frame, 4) != 0, let committed = pending {
                found = committed
                pending = nil
            }
        }
        return found
    }

    /// The 32-bit big-endian word at `offset` of `data`.
    private static func bigEndian(_ data: Data, _ offset: Int) -> UInt32 {
        let start = data.startIndex + offset
        return data[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// SQLite's WAL checksum of `data` (a multiple of 8 bytes), continuing from `sums`.
    private static func checksum(_ data: Data, _ bigEndianWords: Bool, _ sums: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (first, second) = sums
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset + 8 <= buffer.count {
                var words = (buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self), buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                words = bigEndianWords ? (UInt32(bigEndian: words.0), UInt32(bigEndian: words.1)) : (UInt32(littleEndian: words.0), UInt32(littleEndian: words.1))
                first = first &+ words.0 &+ second
                second = second &+ words.1 &+ first
                offset += 8
            }
        }
        return (first, second)
    }
}
