import Foundation

internal import PortableSQLSystem

/// Which leftovers of killed copies and rewrites `SQLContext.removeLeftovers(_:of:)` removes.
package enum RewriteLeftovers: Sendable {
    /// The temporary files of copies to the destination: stale wherever they are found, since a
    /// copy's source is elsewhere and untouched.
    case ofCopies
    /// Those, the temporary files of rewrites in place, and `NAME-migrated`: stale once the
    /// database at the destination is known to open, since a rewrite in place never changes
    /// the original before its final rename. Until then they may be all that is left of it.
    case all
    /// Only temporary files that are another name of the file at the destination itself (a
    /// copy killed between giving the new file its name and removing the temporary one).
    case otherNames
}

extension SQLContext {
    /// The end of the temporary file name of a copy in progress.
    package static let copySuffix = ".portablesql-tmp"

    /// The end of the temporary file name of a rewrite in place in progress.
    package static let rewriteSuffix = ".portablesql-rewrite"

    /// A new name for a temporary file beside `destination`: hidden, unique, and recognisable
    /// by `removeLeftovers(_:of:)` as belonging to `destination`: `.NAME.<UUID>.portablesql-tmp`
    /// for a copy, `.NAME.<UUID>.portablesql-rewrite` for a rewrite in place (`replacing`).
    package static func temporaryPath(for destination: String, replacing: Bool) -> String {
        let url = URL(fileURLWithPath: destination)
        let suffix = replacing ? rewriteSuffix : copySuffix
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)\(suffix)").path
    }

    /// Removes `which` of the files that killed copies and rewrites of `destination` left
    /// beside it: temporary files with their journals, WAL and shared-memory files (also a
    /// journal whose file is gone), and for `.all` `NAME-migrated` with its journals (the file
    /// of SQLCipher's `cipher_migrate`).
    ///
    /// A copy or rewrite of `destination` running meanwhile in another process loses its
    /// temporary file and fails; it loses no data.
    package static func removeLeftovers(_ which: RewriteLeftovers, of destination: String) {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent)."
        let suffixes = which == .all ? [copySuffix, rewriteSuffix] : [copySuffix]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        // A journal is matched by itself too: a kill can come between removing a file and its journal.
        for name in names where name.hasPrefix(prefix) {
            let file = ["-journal", "-wal", "-shm"].first(where: name.hasSuffix).map { String(name.dropLast($0.count)) } ?? name
            guard let suffix = suffixes.first(where: file.hasSuffix),
                  // The UUID between the two is checked, so that `.NAME.bak.<UUID>…` (another
                  // destination's) does not match.
                  UUID(uuidString: String(file.dropFirst(prefix.count).dropLast(suffix.count))) != nil
            else { continue }
            let path = folder + "/" + file
            if which != .otherNames || isSameFile(path, destination) {
                removeDatabaseFiles(at: path)
            }
        }
        if which == .all {
            removeDatabaseFiles(at: destination + "-migrated")
        }
    }

    /// Whether `path` and `other` name the same file (device and inode).
    private static func isSameFile(_ path: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(path, &first) == 0 && stat(other, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
