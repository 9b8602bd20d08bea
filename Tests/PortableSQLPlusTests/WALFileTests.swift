import Foundation
import PortableSQLTestSupport
import Testing

@testable import PortableSQLPlus

/// `WALFile` reads a WAL as SQLite's recovery does. The WALs here are written by hand, with
/// checksums computed by this file's own reading of SQLite's format, in both byte orders (SQLite
/// on this machine writes only little-endian ones; `TornSaltTests` reads those it writes).
@Suite struct WALFileTests {
    static let pageSize = 512
    static let salts: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]

    struct Frame {
        var page: UInt32
        var commit: UInt32 = 0
        var fill: UInt8
        var salts = WALFileTests.salts
        var checksumBroken = false
    }

    static func word(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func checksum(_ bytes: [UInt8], bigEndian: Bool, _ sums: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (first, second) = sums
        for offset in stride(from: 0, to: bytes.count, by: 8) {
            let words = [offset, offset + 4].map { start in
                let value = bytes[start..<start + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                return bigEndian ? value : value.byteSwapped
            }
            first = first &+ words[0] &+ second
            second = second &+ words[1] &+ first
        }
        return (first, second)
    }

    /// A WAL of `frames`, written to a file in `directory`; returns its path.
    static func wal(_ frames: [Frame], bigEndian: Bool = false, version: UInt32 = 3_007_000, in directory: TemporaryDirectory) throws -> String {
        var header = word(bigEndian ? 0x377F_0683 : 0x377F_0682) + word(version) + word(UInt32(pageSize)) + word(0) + salts
        var sums = checksum(header, bigEndian: bigEndian, (0, 0))
        header += word(sums.0) + word(sums.1)
        var bytes = header
        for frame in frames {
            let start = word(frame.page) + word(frame.commit)
            let page = [UInt8](repeating: frame.fill, count: pageSize)
            sums = checksum(start + page, bigEndian: bigEndian, sums)
            bytes += start + frame.salts + word(sums.0 &+ (frame.checksumBroken ? 1 : 0)) + word(sums.1) + page
        }
        let path = directory.path("db-wal")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func found(_ path: String) -> UInt8? {
        WALFile.lastCommittedPage(1, inWALAt: path).map { page in
            #expect(page.count == pageSize && Set(page).count == 1)
            return page[page.startIndex]
        }
    }

    @Test(arguments: [false, true])
    func theLastCommittedCopyOfThePage(bigEndian: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.wal([
            Frame(page: 1, fill: 0xA1), Frame(page: 2, commit: 2, fill: 0xB1),
            Frame(page: 1, fill: 0xA2), Frame(page: 3, commit: 3, fill: 0xB2),
            // Written, never committed: recovery drops it.
            Frame(page: 1, fill: 0xA3),
        ], bigEndian: bigEndian, in: directory)
        #expect(Self.found(path) == 0xA2)
        #expect(WALFile.lastCommittedPage(4, inWALAt: path) == nil)
    }

    @Test func aBrokenChecksumEndsTheLog() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.wal([
            Frame(page: 1, commit: 1, fill: 0xA1),
            Frame(page: 2, commit: 2, fill: 0xB1, checksumBroken: true),
            Frame(page: 1, commit: 2, fill: 0xA2),
        ], in: directory)
        #expect(Self.found(path) == 0xA1)
    }

    @Test func framesOfAnEarlierGenerationEndTheLog() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.wal([
            Frame(page: 1, commit: 1, fill: 0xA1),
            Frame(page: 1, commit: 1, fill: 0xA2, salts: [9, 9, 9, 9, 9, 9, 9, 9]),
        ], in: directory)
        #expect(Self.found(path) == 0xA1)
    }

    @Test func notAWAL() throws {
        let directory = try TemporaryDirectory()
        #expect(Self.found(try Self.wal([Frame(page: 1, commit: 1, fill: 0xA1)], version: 3_007_001, in: directory)) == nil)
        #expect(Self.found(try Self.wal([Frame(page: 0, commit: 1, fill: 0xA1)], in: directory)) == nil)
        #expect(Self.found(directory.path("missing-wal")) == nil)
        try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: directory.path("db-wal")))
        #expect(Self.found(directory.path("db-wal")) == nil)
    }
}
