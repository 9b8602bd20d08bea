import Foundation

/// The files of one folder as a power cut would find them, rebuilt call by call from a trace
/// (`SystemCallTrace`): for each file, its bytes as last synced and the changes made since;
/// for the folder, its names as last synced and the renames, links, unlinks and creations made
/// since. Changes become durable as POSIX promises and no sooner: a file's writes and
/// truncations with an `fsync` or `fdatasync` of that file, the folder's names with an `fsync`
/// of the folder.
///
/// Files outside the folder are not modelled. The WAL index (`-shm`), which SQLite writes
/// through a shared mapping that no trace shows, is kept as the calls left it: SQLite rebuilds
/// it from the WAL when a database opens after a crash.
struct FolderModel {
    /// A file's bytes as last synced, and the changes made since, in order.
    struct File {
        var durable: [UInt8]
        var pending: [FileChange] = []
    }

    /// A change of a file's bytes.
    enum FileChange {
        case write(offset: Int, bytes: [UInt8])
        case truncate(length: Int)
    }

    /// A change of the folder's names: each name it gave a file (its index in `files`) or took away.
    typealias NameChange = [(name: String, file: Int?)]

    enum Descriptor {
        case file(Int)
        case folder
    }

    let folder: String
    private(set) var files: [File] = []
    private(set) var durableNames: [String: Int] = [:]
    private(set) var pendingNames: [NameChange] = []
    /// The names as the program sees them: `durableNames` with every pending change.
    private(set) var names: [String: Int] = [:]
    /// The lines the program wrote to its standard output so far.
    private(set) var reports: [String] = []
    private var descriptors: [Int: Descriptor] = [:]

    /// A model of `folder` with the files now in it, all durable.
    ///
    /// - Throws: when a file cannot be read.
    init(folder: String) throws {
        self.folder = folder
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            files.append(File(durable: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))))
            durableNames[name] = files.count - 1
        }
        names = durableNames
    }

    /// Applies one traced call.
    ///
    /// - Returns: whether it changed what a power cut could leave.
    /// - Throws: `TraceFailure` for a call on the folder's files that the model does not know,
    ///   or one that does not match the model (a file opened that it does not hold, say).
    mutating func apply(_ call: TracedCall) throws -> Bool {
        let arguments = call.arguments
        // Linux frees the descriptor even when close fails.
        if call.name == "close" {
            descriptors[try TraceArgument.descriptor(arguments[0]).number] = nil
            return false
        }
        guard call.result >= 0 else { return false }
        try checkDescriptorKnown(call)
        switch call.name {
        case "open", "openat", "creat":
            let at = call.name == "openat" ? try TraceArgument.descriptor(arguments[0]).path : nil
            let path = try resolve(try TraceArgument.text(arguments[call.name == "openat" ? 1 : 0]), at: at)
            var flags = call.name == "creat" ? ["O_CREAT", "O_TRUNC"] : TraceArgument.flags(arguments[call.name == "openat" ? 2 : 1])
            if call.name == "creat" { flags.insert("O_WRONLY") }
            return try open(path, flags: flags, descriptor: call.result)
        case "write":
            let descriptor = try TraceArgument.descriptor(arguments[0]).number
            if descriptor == 1 {
                let text = String(decoding: try TraceArgument.bytes(arguments[1]).prefix(call.result), as: UTF8.self)
                reports += text.split(separator: "\n").map(String.init)
                return false
            }
            guard descriptors[descriptor] == nil else { throw TraceFailure("write() at a file's position is not modelled: \(describe(call))") }
            return false
        case "pwrite64":
            guard case .file(let file)? = descriptors[try TraceArgument.descriptor(arguments[0]).number] else { return false }
            let bytes = Array(try TraceArgument.bytes(arguments[1]).prefix(call.result))
            files[file].pending.append(.write(offset: try TraceArgument.integer(arguments[3]), bytes: bytes))
            return true
        case "ftruncate":
            guard case .file(let file)? = descriptors[try TraceArgument.descriptor(arguments[0]).number] else { return false }
            files[file].pending.append(.truncate(length: try TraceArgument.integer(arguments[1])))
            return true
        case "fsync", "fdatasync":
            switch descriptors[try TraceArgument.descriptor(arguments[0]).number] {
            case .folder?:
                durableNames = names
                pendingNames = []
            case .file(let file)?:
                files[file].durable = Self.applying(files[file].pending, to: files[file].durable) { _ in .kept }
                files[file].pending = []
            case nil:
                return false
            }
            return true
        case "rename", "renameat", "renameat2", "link", "linkat":
            let twoFolders = call.name.hasSuffix("at") || call.name == "renameat2"
            let from = try resolve(try TraceArgument.text(arguments[twoFolders ? 1 : 0]), at: twoFolders ? try TraceArgument.descriptor(arguments[0]).path : nil)
            let to = try resolve(try TraceArgument.text(arguments[twoFolders ? 3 : 1]), at: twoFolders ? try TraceArgument.descriptor(arguments[2]).path : nil)
            switch (from, to) {
            case (nil, nil): return false
            case (.name(let old)?, .name(let new)?):
                guard let file = names[old] else { throw TraceFailure("\(call.name) of a name the model does not hold: \(old)") }
                change(call.name.hasPrefix("rename") ? [(new, file), (old, nil)] : [(new, file)])
                return true
            default:
                throw TraceFailure("\(call.name) into or out of the folder is not modelled: \(describe(call))")
            }
        case "unlink", "unlinkat":
            let path = try resolve(try TraceArgument.text(arguments[call.name == "unlinkat" ? 1 : 0]), at: call.name == "unlinkat" ? try TraceArgument.descriptor(arguments[0]).path : nil)
            guard case .name(let name)? = path else {
                if path != nil { throw TraceFailure("removing the folder is not modelled") }
                return false
            }
            change([(name, nil)])
            return true
        case "mmap":
            // A shared writable mapping of a file here writes what no trace shows.
            guard arguments.count == 6, case .file(let file)? = descriptors[(try? TraceArgument.descriptor(arguments[4]).number) ?? -1],
                  arguments[2].contains("PROT_WRITE"), arguments[3].contains("MAP_SHARED")
            else { return false }
            guard names.first(where: { $0.value == file })?.key.hasSuffix("-shm") == true else {
                throw TraceFailure("a shared writable mapping of a database file is not modelled: \(describe(call))")
            }
            return false
        default:
            // writev, copy_file_range, fallocate, dup, sync…: refused when they touch the folder.
            for argument in arguments {
                if let descriptor = try? TraceArgument.descriptor(argument),
                   descriptors[descriptor.number] != nil || descriptor.path.flatMap({ try? resolve($0, at: nil) }) != nil {
                    throw TraceFailure("\(call.name) on a file of the folder is not modelled: \(describe(call))")
                }
                if let text = try? TraceArgument.text(argument), (try? resolve(text, at: nil)) != nil {
                    throw TraceFailure("\(call.name) on a file of the folder is not modelled: \(describe(call))")
                }
            }
            if call.name == "sync" || call.name == "syncfs" { throw TraceFailure("\(call.name) is not modelled") }
            return false
        }
    }

    /// Refuses a write, truncation or sync on a descriptor of the folder's files that the model
    /// did not see opened (by a call it does not trace, such as `fcntl(F_DUPFD)`): strace gives
    /// each descriptor's path.
    private func checkDescriptorKnown(_ call: TracedCall) throws {
        guard ["write", "pwrite64", "ftruncate", "fsync", "fdatasync"].contains(call.name),
              let argument = call.arguments.first, let descriptor = try? TraceArgument.descriptor(argument),
              descriptors[descriptor.number] == nil, descriptor.number > 2, let path = descriptor.path,
              try resolve(path, at: nil) != nil
        else { return }
        throw TraceFailure("\(call.name) on a descriptor of \(path) that the model did not see opened")
    }

    /// Where a path is: the folder itself, a name in it, or (`nil`) elsewhere.
    enum Place: Equatable {
        case folder
        case name(String)
    }

    /// Where `path` is, read against the folder `at` when it is relative.
    ///
    /// - Throws: for a path inside a subfolder, which the model does not hold.
    func resolve(_ path: String, at: String?) throws -> Place? {
        let full = path.hasPrefix("/") ? path : (at ?? FileManager.default.currentDirectoryPath) + "/" + path
        let url = URL(fileURLWithPath: full).standardized
        if url.path == folder { return .folder }
        if url.deletingLastPathComponent().path == folder { return .name(url.lastPathComponent) }
        if url.path.hasPrefix(folder + "/") { throw TraceFailure("subfolders are not modelled: \(full)") }
        return nil
    }

    /// Opens `path` as `descriptor`, creating or truncating the file as `flags` say.
    private mutating func open(_ path: Place?, flags: Set<Substring>, descriptor: Int) throws -> Bool {
        switch path {
        case nil:
            descriptors[descriptor] = nil
            return false
        case .folder?:
            descriptors[descriptor] = .folder
            return false
        case .name(let name)?:
            var changed = false
            let file: Int
            if let existing = names[name] {
                file = existing
            } else {
                guard flags.contains("O_CREAT") else { throw TraceFailure("\(name) opened, but the model has no such file") }
                files.append(File(durable: []))
                file = files.count - 1
                change([(name, file)])
                changed = true
            }
            if flags.contains("O_TRUNC") {
                files[file].pending.append(.truncate(length: 0))
                changed = true
            }
            if flags.contains("O_APPEND") { throw TraceFailure("O_APPEND is not modelled: \(name)") }
            descriptors[descriptor] = .file(file)
            return changed
        }
    }

    private mutating func change(_ change: NameChange) {
        pendingNames.append(change)
        for (name, file) in change { names[name] = file }
    }

    private func describe(_ call: TracedCall) -> String {
        "\(call.name)(\(call.arguments.map { $0.prefix(60) }.joined(separator: ", "))) = \(call.result)"
    }
}

extension FolderModel {
    /// What becomes of a pending change when the power goes.
    enum Fate {
        /// It reached the disk.
        case kept
        /// It did not.
        case lost
        /// A write reached the disk in part: each of its 512-byte sectors holds the new bytes,
        /// the old ones or garbage, as `sector` says for the sector's index.
        case torn(sector: (Int) -> SectorFate)
    }

    enum SectorFate {
        case new, old, garbage
    }

    /// The bytes `durable` holds after `changes`, each as `fate` decides for its index.
    static func applying(_ changes: [FileChange], to durable: [UInt8], fate: (Int) -> Fate) -> [UInt8] {
        var bytes = durable
        for (index, change) in changes.enumerated() {
            let decided = fate(index)
            if case .lost = decided { continue }
            switch change {
            case .truncate(let length):
                if length < bytes.count { bytes.removeLast(bytes.count - length) } else { bytes += [UInt8](repeating: 0, count: length - bytes.count) }
            case .write(let offset, let new):
                if bytes.count < offset + new.count { bytes += [UInt8](repeating: 0, count: offset + new.count - bytes.count) }
                var start = offset
                while start < offset + new.count {
                    let sector = start / 512
                    let end = min((sector + 1) * 512, offset + new.count)
                    var sectorFate = SectorFate.new
                    if case .torn(let fateOf) = decided { sectorFate = fateOf(sector) }
                    switch sectorFate {
                    case .new: bytes.replaceSubrange(start..<end, with: new[(start - offset)..<(end - offset)])
                    case .old: break
                    case .garbage: for index in start..<end { bytes[index] = UInt8(truncatingIfNeeded: index &* 131 &+ sector) }
                    }
                    start = end
                }
            }
        }
        return bytes
    }

    /// The folder's files if the power went now: the first `keptNames` pending name changes
    /// applied to the durable names, and each file's pending changes as `fate` decides (given
    /// the file's index in `files` and the change's index).
    func state(keptNames: Int, fate: (Int, Int) -> Fate) -> [String: [UInt8]] {
        var named = durableNames
        for change in pendingNames.prefix(keptNames) {
            for (name, file) in change { named[name] = file }
        }
        return named.mapValues { file in
            Self.applying(files[file].pending, to: files[file].durable) { fate(file, $0) }
        }
    }
}
