#if Tool
import Foundation

internal import PortableSQLSystem

/// Lines read from a file descriptor, without prompts or history: standard input when it is not
/// a terminal, or a `.read` file. Lines end at `\n`; a `\r` before it is kept (SQL takes it as
/// white space, and a string literal keeps its exact bytes).
final class StreamInput: ShellInput {
    /// The file descriptor read.
    private let descriptor: Int32
    /// Whether the descriptor is this input's own, to close when done (not standard input's).
    private let closesDescriptor: Bool
    /// Bytes read and not yet returned as lines, from `start` on.
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// Whether the descriptor has no more to read.
    private var atEnd = false

    /// Reads standard input.
    init() {
        descriptor = STDIN_FILENO
        closesDescriptor = false
    }

    /// Reads the file at `path`.
    ///
    /// - Throws: `CommandFailure` when the file cannot be opened or is a folder.
    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure("cannot read \(path): \(String(cString: strerror(errno)))") }
        closesDescriptor = true
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            throw CommandFailure("cannot read \(path): it is a folder")
        }
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    /// The next line, read in large pieces as needed; `nil` at the end (a last line without
    /// `\n` is still a line). `prompt` is not shown.
    func readLine(prompt: String) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return String(decoding: buffer[start..<newline], as: UTF8.self)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return String(decoding: buffer[start...], as: UTF8.self)
            }
            buffer.removeFirst(start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                buffer += chunk[..<count]
            }
        }
    }

    /// A stream keeps no history.
    func remember(_ entry: String) {}
}
#endif
