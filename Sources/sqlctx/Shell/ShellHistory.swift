#if Tool
import Foundation
import PortableSQL

internal import PortableSQLSystem

/// The file where the shell keeps what was typed, between sessions: `~/.sqlctx_history`,
/// private to its owner (mode 0600). An entry that carries a key is never kept.
enum ShellHistory {
    /// The most entries kept.
    static let limit: Int32 = 1000

    /// The history file's path under `$HOME`; `nil` when there is no home folder to keep it in.
    static var path: String? {
        guard let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".sqlctx_history").path
    }

    /// Whether `entry` must stay out of the history: a statement that sets or changes a key
    /// (`PRAGMA key`, `rekey` and their kin, `ATTACH … KEY`, a `file:` URI with `key=`), or
    /// anything the library would hide in an error because it mentions one.
    static func isSecret(_ entry: String) -> Bool {
        KeyStatements.redactedForError(entry) != entry
    }

    /// Makes sure the file at `path` exists and only its owner can read and write it.
    ///
    /// - Returns: whether it does; when not, the history is kept for this session only.
    static func preparePrivateFile(at path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fchmod(descriptor, 0o600) == 0
    }
}
#endif
