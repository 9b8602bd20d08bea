import Foundation
import PortableSQLTestSupport
import Testing

/// The power-loss simulation itself, on traces written by hand: what it must find when a
/// program skips a sync, what it must not invent when the program syncs, and the traces it
/// refuses rather than misread.
@Suite struct PowerLossModelTests {
    /// `text` as strace -xx writes a string.
    static func hex(_ text: String) -> String {
        "\"" + text.utf8.map { String(format: "\\x%02x", $0) }.joined() + "\""
    }

    /// A file descriptor with its path, as strace -y writes it.
    static func descriptor(_ number: Int, _ path: String) -> String {
        "\(number)<" + path.utf8.map { String(format: "\\x%02x", $0) }.joined() + ">"
    }

    /// A folder holding `db` with `old`, its model, and the states of every cut of the calls
    /// `lines` gives for the folder's path, with more draws than a run makes, so that every
    /// kind of state shows.
    func states(old: String = "old", after lines: (String) -> [String]) throws -> [[String: [UInt8]]] {
        let directory = try TemporaryDirectory()
        let folder = URL(fileURLWithPath: directory.url.path).resolvingSymlinksInPath().path
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/db"))
        var model = try FolderModel(folder: folder)
        var states: [[String: [UInt8]]] = []
        let log = lines(folder).map { "1234 " + $0 }.joined(separator: "\n")
        for (point, call) in try SystemCallTrace.parse(Data(log.utf8)).enumerated() where try model.apply(call) {
            states += CutStates.states(of: model, at: point, draws: 64)
        }
        return states
    }

    /// A program that writes a new file and renames it over `db`, with or without the syncs.
    func replacing(syncs: Bool, in folder: String) -> [String] {
        let temporary = folder + "/tmp"
        var lines = [
            "openat(AT_FDCWD<\\x2f>, \(Self.hex(temporary)), O_WRONLY|O_CREAT|O_EXCL, 0600) = 3",
            "pwrite64(\(Self.descriptor(3, temporary)), \(Self.hex("new")), 3, 0) = 3",
        ]
        if syncs { lines.append("fsync(\(Self.descriptor(3, temporary))) = 0") }
        lines += [
            "close(\(Self.descriptor(3, temporary))) = 0",
            "rename(\(Self.hex(temporary)), \(Self.hex(folder + "/db"))) = 0",
        ]
        if syncs {
            lines += [
                "openat(AT_FDCWD<\\x2f>, \(Self.hex(folder)), O_RDONLY|O_DIRECTORY) = 4",
                "fsync(\(Self.descriptor(4, folder))) = 0",
            ]
        }
        return lines
    }

    @Test func aRenameBeforeTheSyncCanLeaveAnEmptyFile() throws {
        let states = try states { replacing(syncs: false, in: $0) }
        // The new name kept, the write that filled the file lost: db is empty.
        #expect(states.contains { $0["db"] == [] })
        // The rename undone: db is the old file.
        #expect(states.contains { $0["db"] == Array("old".utf8) && $0["tmp"] == nil })
    }

    @Test func syncedFirstTheFileIsOldOrNew() throws {
        let states = try states { replacing(syncs: true, in: $0) }
        #expect(!states.isEmpty)
        #expect(states.allSatisfy { $0["db"] == Array("old".utf8) || $0["db"] == Array("new".utf8) })
        // After the folder's sync, the last cut can only leave the new file.
        #expect(states.last == ["db": Array("new".utf8)])
    }

    @Test func unsyncedWritesAreTornAtSectors() throws {
        let old = String(repeating: "o", count: 2048)
        let new = String(repeating: "n", count: 2048)
        let states = try states(old: old) { folder in [
            "openat(AT_FDCWD<\\x2f>, \(Self.hex(folder + "/db")), O_RDWR) = 3",
            "pwrite64(\(Self.descriptor(3, folder + "/db")), \(Self.hex(new)), 2048, 0) = 2048",
        ] }
        // Each sector of each state: "n" (new), "o" (old) or "?" (garbage); a torn write never
        // splits a sector.
        let sectors = Set(states.compactMap { $0["db"] }.flatMap { contents in
            stride(from: 0, to: 2048, by: 512).map { contents[$0..<$0 + 512] }.map { Set($0).count == 1 ? Character(UnicodeScalar($0.first!)) : "?" }
        })
        #expect(sectors == ["n", "o", "?"])
        #expect(states.contains { $0["db"] == Array(old.utf8) } && states.contains { $0["db"] == Array(new.utf8) })
    }

    @Test func interruptedCallsAreJoined() throws {
        let log = """
            7 pwrite64(\(Self.descriptor(3, "/x/db")), \(Self.hex("ab")), 2, 8 <unfinished ...>
            8 fsync(4<\\x2f>) = 0
            7 <... pwrite64 resumed>) = 2
            """
        let calls = try SystemCallTrace.parse(Data(log.utf8))
        // The write ended after the sync began: the sync is not taken to cover it.
        #expect(calls.map(\.name) == ["fsync", "pwrite64"])
        #expect(calls[1].result == 2 && calls[1].arguments.count == 4)
        #expect(try TraceArgument.bytes(calls[1].arguments[1]) == Array("ab".utf8))
    }

    @Test func unmodelledWritesAreRefused() throws {
        let calls: [(String) -> String] = [
            { "writev(\(Self.descriptor(3, $0)), [{iov_base=\(Self.hex("x")), iov_len=1}], 1) = 1" },
            { "write(\(Self.descriptor(3, $0)), \(Self.hex("x")), 1) = 1" },
            { "mmap(NULL, 4096, PROT_READ|PROT_WRITE, MAP_SHARED, \(Self.descriptor(3, $0)), 0) = 0x7f0000000000" },
            // The "=>" must not hide the descriptors after it.
            { "copy_file_range(5</\\x78>, [0] => [4096], \(Self.descriptor(3, $0)), NULL, 4096, 0) = 4096" },
        ]
        for call in calls {
            #expect(throws: TraceFailure.self) {
                try states { folder in ["openat(AT_FDCWD<\\x2f>, \(Self.hex(folder + "/db")), O_RDWR) = 3", call(folder + "/db")] }
            }
        }
        #expect(throws: TraceFailure.self) {
            try SystemCallTrace.parse(Data("1 pwrite64(3<\\x2f>, \"\\x61\"..., 4096, 0) = 4096".utf8))
        }
        #expect(throws: TraceFailure.self) {
            try SystemCallTrace.parse(Data("1 fsync(3<\\x2f> <unfinished ...>".utf8))
        }
        // A write on a descriptor of the folder that no traced call opened.
        #expect(throws: TraceFailure.self) {
            try states { folder in ["pwrite64(\(Self.descriptor(9, folder + "/db")), \(Self.hex("x")), 1, 0) = 1"] }
        }
    }
}
