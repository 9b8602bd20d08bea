#if Tool
import Foundation
import PortableSQL

internal import PortableSQLSystem

/// Where `.log` sends SQLite's error log, one line `(CODE) MESSAGE` per report, as sqlite3
/// prints them: nowhere at first, standard output, standard error, or a file.
///
/// SQLite takes its log only while no connection is open, so the shell asks for it as it starts
/// (see `SQLiteErrorLog`): the system SQLite's reports come, SQLCipher's (an encrypted database)
/// and a cluster's do not. A report that mentions a key is not written: its SQL may hold one.
final class ShellLog {
    /// Where the lines go.
    private enum Destination {
        case off
        case standardOutput
        case standardError
        case file(Int32)
    }

    /// Results, whose order on standard output the lines keep.
    private let output: ShellOutput
    /// Where the lines go now.
    private var destination = Destination.off
    /// Whether the system SQLite's log reaches the shell.
    private var installed = false

    /// A log that writes beside `output`.
    init(output: ShellOutput) {
        self.output = output
    }

    /// Asks the system SQLite for its log; call while no database is open.
    func install() {
        installed = SQLiteErrorLog.install { [weak self] code, message in self?.report(code: code, message: message) }
    }

    /// `.log FILE|stdout|stderr|off`: sends the log to `name` from now on (a file is emptied
    /// first, and made private when `privately`), or nowhere. A file that cannot be created is
    /// said on standard error, as sqlite3 says it, and the log is off.
    ///
    /// - Throws: `CommandFailure` when the log cannot be had, or results gathered before the
    ///   message cannot be written.
    func send(to name: String, privately: Bool) throws {
        guard installed else { throw CommandFailure("SQLite's log cannot be read: SQLite did not take it as the shell started") }
        stop()
        switch name {
        case "stdout": destination = .standardOutput
        case "stderr": destination = .standardError
        case "off": destination = .off
        default:
            let descriptor = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, privately ? 0o600 : 0o666)
            guard descriptor >= 0 else {
                // As sqlite3's: said, and no error (the log is off).
                try output.flush()
                FileHandle.standardError.write(Data("Error: cannot open \"\(name)\"\n".utf8))
                return
            }
            destination = .file(descriptor)
        }
    }

    /// Stops the log, closing its file if it has one.
    func stop() {
        if case .file(let descriptor) = destination { _ = close(descriptor) }
        destination = .off
    }

    /// Writes one report.
    private func report(code: Int32, message: String) {
        let shown = message.lowercased().contains("key") ? "a message about a statement that may hold a key, not shown" : message
        let line = "(\(code)) \(shown)\n"
        switch destination {
        case .off:
            return
        case .standardOutput where output.path == nil:
            try? output.append(line)
        case .standardOutput:
            FileHandle.standardOutput.write(Data(line.utf8))
        case .standardError:
            try? output.flush()
            FileHandle.standardError.write(Data(line.utf8))
        case .file(let descriptor):
            _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        }
    }
}
#endif
