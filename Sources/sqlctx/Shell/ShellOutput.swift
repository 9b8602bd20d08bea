#if Tool
import Foundation

internal import PortableSQLSystem

/// Where the shell writes results: standard output, or the file named by `.output FILE` (or by
/// `.once FILE`, for the next input only). Text is gathered by `append(_:)` and written in
/// large pieces; `flush()` writes what is gathered.
final class ShellOutput {
    /// Where a `.once` file is in its one input.
    private enum Once {
        /// No `.once` file is open.
        case none
        /// `.once` has just opened its file: the next input writes to it.
        case opened
        /// The input after `.once` runs: its end sends results back to standard output.
        case writing
    }

    /// The file descriptor written to: standard output, or the `.output` file.
    private var descriptor = STDOUT_FILENO
    /// The `.output` file, when results go to one.
    private(set) var path: String?
    /// What is gathered and not yet written.
    private var pending: [UInt8] = []
    /// The `.once` file's state.
    private var once = Once.none

    /// Gathers `text`, writing out when enough is gathered.
    ///
    /// - Throws: `CommandFailure` when the file cannot be written (a full disk, say).
    func append(_ text: String) throws {
        try append(bytes: Array(text.utf8))
    }

    /// Gathers `bytes` (a blob's may be no UTF-8), writing out when enough is gathered.
    ///
    /// - Throws: `CommandFailure` when the file cannot be written (a full disk, say).
    func append(bytes: [UInt8]) throws {
        pending += bytes
        if pending.count >= 1 << 16 { try flush() }
    }

    /// Writes what is gathered.
    ///
    /// - Throws: `CommandFailure` when the file cannot be written.
    func flush() throws {
        var written = 0
        while written < pending.count {
            let count = pending[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                pending.removeAll()
                throw CommandFailure("cannot write to \(path ?? "standard output"): \(reason)")
            }
            written += count
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Sends results to a new or emptied file at `path` from now on (`nil`: back to standard
    /// output). A file opened `privately` gets mode 0600 whatever the umask, as rows read from an
    /// encrypted database must not land where others can read them.
    ///
    /// - Throws: `CommandFailure` when the file cannot be created, or what is gathered cannot
    ///   be written.
    func redirect(to path: String?, privately: Bool) throws {
        try flush()
        var opened = STDOUT_FILENO
        if let path {
            opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, privately ? 0o600 : 0o666)
            guard opened >= 0 else { throw CommandFailure("cannot write to \(path): \(String(cString: strerror(errno)))") }
            if privately { fchmod(opened, 0o600) }
        }
        if descriptor != STDOUT_FILENO { close(descriptor) }
        descriptor = opened
        self.path = path
        once = .none
    }

    /// Sends the results of the next input (a dot-command, or the statements of one line or
    /// script chunk) to a new or emptied file at `path`, then back to standard output, as
    /// sqlite3's `.once` does; `privately` as for `redirect(to:privately:)`.
    ///
    /// - Throws: as `redirect(to:privately:)`.
    func redirectOnce(to path: String, privately: Bool) throws {
        try redirect(to: path, privately: privately)
        once = .opened
    }

    /// Makes the file results go to private (mode 0600), when they go to one: rows of a
    /// database found to be encrypted after the file was opened (`.output` before `PRAGMA key`).
    func makePrivate() {
        if descriptor != STDOUT_FILENO { fchmod(descriptor, 0o600) }
    }

    /// Marks the end of one input: the input after `.once` sends results back to standard output.
    func endInput() {
        switch once {
        case .none: break
        case .opened: once = .writing
        case .writing: try? redirect(to: nil, privately: false)
        }
    }
}
#endif
