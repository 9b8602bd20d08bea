import Foundation

/// One system call of a traced process, as `strace -f -y -xx` wrote it: its name, its arguments
/// (text, still to read with `TraceArgument`) and its result.
struct TracedCall {
    let name: String
    let arguments: [String]
    /// The call's return value; negative when it failed.
    let result: Int
}

/// What a program does to files, read from an `strace` log: the record from which
/// `FolderModel` rebuilds every state a power cut could leave.
///
/// strace is the recorder because it sees every write at the one layer where the kernel takes
/// it: those of the system SQLite and of SQLCipher (two libraries, each with its own VFS, in
/// one process) and those PortableSQL makes itself (temporary files, renames, links, folder
/// syncs). Every byte of every string is written as `\xHH` (`-xx`), and each file descriptor is
/// followed by its path (`-y`).
enum SystemCallTrace {
    /// The calls the simulation reads. Any other call that can change a file's bytes or names
    /// (`writev`, `copy_file_range`, `fallocate`, a shared writable `mmap`, …) is traced too, so
    /// that `FolderModel` refuses a trace holding one rather than miss a write.
    static let calls = [
        "open", "openat", "creat", "close", "write", "pwrite64", "ftruncate", "fsync", "fdatasync",
        "rename", "renameat", "renameat2", "link", "linkat", "unlink", "unlinkat",
        "writev", "pwritev", "pwritev2", "copy_file_range", "sendfile", "fallocate", "truncate",
        "mmap", "dup", "dup2", "dup3", "sync_file_range", "sync", "syncfs",
    ]

    /// strace's arguments for tracing `calls` in every thread of the program that follows them,
    /// into the file `log`. "?": a call this architecture lacks (aarch64 has no open, rename…)
    /// is left out.
    static func arguments(log: String) -> [String] {
        ["-f", "-qq", "-y", "-xx", "-s", "1048576", "-o", log, "-e", "trace=\(calls.map { "?" + $0 }.joined(separator: ","))"]
    }

    /// The calls of an strace log, in order. A call another thread interrupted
    /// (`<unfinished ...>`, then `<... NAME resumed>`) is joined to its end and placed where
    /// it ended, a sync where it began: so a sync never counts as covering a write that was
    /// still under way when it began.
    ///
    /// - Throws: `TraceFailure` for a line it cannot read, a string strace cut short, or a call
    ///   left unfinished at the end of the log.
    static func parse(_ log: Data) throws -> [TracedCall] {
        var calls: [(order: Int, call: TracedCall)] = []
        var unfinished: [Substring: (line: Int, text: Substring)] = [:]
        for (number, line) in String(decoding: log, as: UTF8.self).split(separator: "\n").enumerated() {
            guard let space = line.firstIndex(of: " ") else { continue }
            let thread = line[..<space]
            let rest = line[line.index(after: space)...].drop { $0 == " " }
            if rest.hasPrefix("---") || rest.hasPrefix("+++") { continue }
            if rest.hasPrefix("<... ") {
                guard let begun = unfinished.removeValue(forKey: thread), let end = rest.range(of: " resumed>") else {
                    throw TraceFailure("a call resumed that did not begin: \(line.prefix(200))")
                }
                let joined = try call(String(begun.text) + rest[end.upperBound...])
                calls.append((joined.name == "fsync" || joined.name == "fdatasync" ? begun.line : number, joined))
            } else if rest.hasSuffix(" <unfinished ...>") {
                unfinished[thread] = (number, rest.dropLast(" <unfinished ...>".count))
            } else {
                calls.append((number, try call(String(rest))))
            }
        }
        if let left = unfinished.values.first { throw TraceFailure("a call never finished: \(left.text.prefix(200))") }
        // A stable sort: calls placed at the same line keep the order they were read in.
        return calls.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.call)
    }

    /// One whole call: `NAME(ARGUMENTS) = RESULT`, the result possibly followed by an errno.
    static func call(_ text: String) throws -> TracedCall {
        guard let open = text.firstIndex(of: "("), let close = text.range(of: ") = ", options: .backwards) else {
            throw TraceFailure("not a call: \(text.prefix(200))")
        }
        let resultText = text[close.upperBound...].prefix { $0 != " " && $0 != "<" }
        let result = resultText.hasPrefix("0x") ? Int(resultText.dropFirst(2), radix: 16) : Int(resultText)
        guard let result else { throw TraceFailure("no result: \(text.prefix(200))") }
        let arguments = try split(text[text.index(after: open)..<close.lowerBound])
        return TracedCall(name: String(text[..<open]), arguments: arguments, result: result)
    }

    /// The arguments of a call, split at the commas outside strings, brackets and paths (a
    /// path is the `<…>` right after a descriptor; a `=>` elsewhere is no bracket).
    static func split(_ text: Substring) throws -> [String] {
        var arguments: [String] = []
        var depth = 0
        var inString = false
        var inPath = false
        var start = text.startIndex
        var index = text.startIndex
        var previous: Character = " "
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\"" { inString = false }
            } else if inPath {
                if character == ">" { inPath = false }
            } else {
                switch character {
                case "\"": inString = true
                case "<" where previous.isNumber || text[..<index].hasSuffix("AT_FDCWD"): inPath = true
                case "[", "{", "(": depth += 1
                case "]", "}", ")": depth -= 1
                case "," where depth == 0:
                    arguments.append(text[start..<index].trimmingCharacters(in: .whitespaces))
                    start = text.index(after: index)
                default: break
                }
            }
            previous = character
            index = text.index(after: index)
        }
        let last = text[start...].trimmingCharacters(in: .whitespaces)
        if !last.isEmpty { arguments.append(last) }
        if let cut = arguments.first(where: { $0.hasSuffix("\"...") }) {
            throw TraceFailure("strace cut a string short (raise -s): \(cut.prefix(80))")
        }
        return arguments
    }
}

/// Reads one argument of a `TracedCall`.
enum TraceArgument {
    /// The bytes of a string argument (`"\x2f\x74…"`).
    static func bytes(_ argument: String) throws -> [UInt8] {
        guard argument.hasPrefix("\""), argument.hasSuffix("\"") else { throw TraceFailure("not a string: \(argument.prefix(80))") }
        return try hex(argument.dropFirst().dropLast())
    }

    /// The text of a string argument, such as a path.
    static func text(_ argument: String) throws -> String {
        String(decoding: try bytes(argument), as: UTF8.self)
    }

    /// A file descriptor and the path strace gave it (`5<\x2f…>`, `AT_FDCWD<\x2f…>`); the path
    /// is `nil` when strace gave none.
    static func descriptor(_ argument: String) throws -> (number: Int, path: String?) {
        let number = argument.prefix { $0 != "<" }
        let descriptor = number == "AT_FDCWD" ? -100 : Int(number)
        guard let descriptor else { throw TraceFailure("not a file descriptor: \(argument.prefix(80))") }
        guard let open = argument.firstIndex(of: "<"), let close = argument.firstIndex(of: ">") else { return (descriptor, nil) }
        return (descriptor, String(decoding: try hex(argument[argument.index(after: open)..<close]), as: UTF8.self))
    }

    /// An integer argument, decimal or hexadecimal.
    static func integer(_ argument: String) throws -> Int {
        let value = argument.hasPrefix("0x") ? Int(argument.dropFirst(2), radix: 16) : Int(argument)
        guard let value else { throw TraceFailure("not an integer: \(argument.prefix(80))") }
        return value
    }

    /// The names of a flags argument (`O_RDWR|O_CREAT|O_CLOEXEC`).
    static func flags(_ argument: String) -> Set<Substring> {
        Set(argument.split(separator: "|"))
    }

    /// `\xHH\xHH…` as bytes.
    static func hex(_ text: Substring) throws -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.count % 4 == 0 else { throw TraceFailure("not \\xHH bytes: \(text.prefix(80))") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 4)
        var index = 0
        while index < utf8.count {
            guard utf8[index] == UInt8(ascii: "\\"), utf8[index + 1] == UInt8(ascii: "x"),
                  let high = hexDigit(utf8[index + 2]), let low = hexDigit(utf8[index + 3])
            else { throw TraceFailure("not \\xHH bytes: \(text.prefix(80))") }
            bytes.append(high << 4 | low)
            index += 4
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// A trace that the power-loss simulation cannot read or does not model.
struct TraceFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
