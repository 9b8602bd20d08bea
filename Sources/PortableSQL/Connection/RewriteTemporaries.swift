import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mode and owner a new database file gets once it is complete: those of the file it was
/// made from, or SQLite's default mode (0644 less the umask) when there is none.
package struct FinalFileMode: Sendable {
    /// The permission bits.
    let mode: mode_t
    /// The owner and group to give the file, when running as root; `nil` keeps the creator's.
    let owner: (user: uid_t, group: gid_t)?
}

extension SQLContext {
    /// The end of every temporary file name PortableSQL gives a copy or a rewrite in progress.
    package static let temporarySuffix = ".portablesql-tmp"

    /// A new name for a temporary file beside `destination`, `.NAME.<UUID>.portablesql-tmp`:
    /// hidden, unique, and recognisable by `removeLeftovers(ofRewritesOf:)` as belonging to
    /// `destination`.
    package static func temporaryPath(for destination: String) -> String {
        let url = URL(fileURLWithPath: destination)
        return url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)\(temporarySuffix)").path
    }

    /// Removes what copies and rewrites of `destination` that were killed left beside it: the
    /// temporary files `.NAME.<UUID>.portablesql-tmp` with their journals, WAL and shared-memory
    /// files (also a journal whose file is gone), and `NAME-migrated` with its journals
    /// (SQLCipher's `cipher_migrate`).
    ///
    /// Call it only when those files cannot hold the only copy of anything: before a copy to
    /// `destination` (its source is elsewhere and untouched), or once the database at
    /// `destination` is known to open (an in-place rewrite never changes the original before
    /// its final rename, so while the original opens, its temporary file is a stale copy). A
    /// rewrite of `destination` that is running meanwhile in another process loses its
    /// temporary file and fails; it loses no data.
    ///
    /// - Parameter otherNamesOnly: removes only temporary files that are another name of the
    ///   file at `destination` itself (a copy killed between giving the new file its name and
    ///   removing the temporary one): always safe, also when nothing is known of `destination`.
    package static func removeLeftovers(ofRewritesOf destination: String, otherNamesOnly: Bool = false) {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        // A journal is matched by itself too: a kill can come between removing a file and its journal.
        for name in names where name.hasPrefix(prefix) {
            let file = ["-journal", "-wal", "-shm"].first(where: name.hasSuffix).map { String(name.dropLast($0.count)) } ?? name
            let path = folder + "/" + file
            // The UUID between the two is checked, so that `.NAME.bak.<UUID>…` (another
            // destination's) does not match.
            let unique = file.dropFirst(prefix.count).dropLast(temporarySuffix.count)
            if file.hasSuffix(temporarySuffix), UUID(uuidString: String(unique)) != nil, !otherNamesOnly || isSameFile(path, destination) {
                removeDatabaseFiles(at: path)
            }
        }
        if !otherNamesOnly {
            removeDatabaseFiles(at: destination + "-migrated")
        }
    }

    /// Whether `path` and `other` name the same file (device and inode).
    private static func isSameFile(_ path: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(path, &first) == 0 && stat(other, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Checks that `path` is a regular file, as a file rewritten in place must be: `/dev/null`
    /// opens as an empty database, but a rename must never replace it.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) naming `operation` when it is anything else.
    package static func checkRegularFile(_ path: String, for operation: String) throws {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) \(path) in place: it is not a regular file")
        }
    }

    /// Creates an empty file at `path` with mode 0600, failing when one exists, and returns the
    /// mode and owner it is to get once complete: those of the regular file `source`, or, when
    /// there is none, what SQLite's default mode 0644 becomes under the umask.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when the file cannot be created, naming `operation`.
    package static func createTemporaryFile(at path: String, like source: String?, for operation: String) throws -> FinalFileMode {
        var status = stat()
        let model = source.flatMap { stat($0, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? status : nil }
        // Without a model the file is created as SQLite would create it, to learn what the umask
        // makes of 0644, and made private while it is still empty.
        let descriptor = openNewFile(path, mode: model == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path): \(String(cString: strerror(errno)))")
        }
        defer { closeFile(descriptor) }
        var created = stat()
        guard fstat(descriptor, &created) == 0, fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            removeDatabaseFiles(at: path)
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path): cannot make it private: \(reason)")
        }
        let owner = model.flatMap { geteuid() == 0 ? (user: $0.st_uid, group: $0.st_gid) : nil }
        return FinalFileMode(mode: (model ?? created).st_mode & 0o777, owner: owner)
    }

    /// Moves the complete file `temporary` to `destination`: gives it its final `mode` (and
    /// owner), flushes it to disk, renames it (over `destination` when `replacing`, otherwise
    /// only when no file is there), and flushes the folder, so that the new file is the one a
    /// power cut leaves.
    ///
    /// - Throws: `SQLError`: `SQLITE_CANTOPEN` when `destination` exists and not `replacing`, or
    ///   the file cannot be moved; `SQLITE_IOERR` when the file or the folder cannot be flushed
    ///   (the new file may then be in place, but not yet durable).
    package static func publish(_ temporary: String, at destination: String, mode: FinalFileMode, replacing: Bool, for operation: String) throws {
        try finishFile(temporary, mode: mode, for: operation)
        if replacing {
            FileSteps.reach("rename")
            guard rename(temporary, destination) == 0 else {
                throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(destination): cannot move the new file into place: \(String(cString: strerror(errno)))")
            }
        } else {
            try moveWithoutReplacing(temporary, to: destination, for: operation)
        }
        try syncFolder(of: destination, for: operation)
    }

    /// Gives the file at `path` its final mode and owner and flushes it to disk.
    private static func finishFile(_ path: String, mode: FinalFileMode, for operation: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path): \(String(cString: strerror(errno)))")
        }
        defer { closeFile(descriptor) }
        if let owner = mode.owner {
            // As root the copy gets the source's owner, where the file system allows it.
            _ = fchown(descriptor, owner.user, owner.group)
        }
        guard fchmod(descriptor, mode.mode) == 0 else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path): cannot set its mode: \(String(cString: strerror(errno)))")
        }
        FileSteps.reach("fsync file")
        guard fsync(descriptor) == 0 else {
            throw SQLError(code: .ioError, message: "cannot \(operation) to \(path): cannot flush it to disk: \(String(cString: strerror(errno)))")
        }
    }

    /// Gives `temporary` the name `destination` when no file has that name: a hard link, then
    /// the temporary name removed. On a file system without hard links, a rename after a check
    /// that the name is free.
    private static func moveWithoutReplacing(_ temporary: String, to destination: String, for operation: String) throws {
        FileSteps.reach("link")
        if link(temporary, destination) == 0 {
            FileSteps.reach("unlink")
            unlink(temporary)
            return
        }
        let linkError = errno
        guard linkError != EEXIST, !FileManager.default.fileExists(atPath: destination) else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(destination): a file appeared there meanwhile (an existing file is never overwritten)")
        }
        guard [EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP].contains(linkError) else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(destination): \(String(cString: strerror(linkError)))")
        }
        FileSteps.reach("rename")
        guard rename(temporary, destination) == 0 else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(destination): cannot move the new file into place: \(String(cString: strerror(errno)))")
        }
    }

    /// Flushes the folder of `path` to disk, so that a rename in it survives a power cut.
    ///
    /// - Throws: `SQLError` (`SQLITE_IOERR`) when the folder cannot be opened or flushed; a file
    ///   system that cannot flush folders at all (`EINVAL`) is not an error.
    package static func syncFolder(of path: String, for operation: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SQLError(code: .ioError, message: "cannot \(operation): cannot open the folder \(folder) to flush it: \(String(cString: strerror(errno)))")
        }
        defer { closeFile(descriptor) }
        FileSteps.reach("fsync folder")
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw SQLError(code: .ioError, message: "cannot \(operation): cannot flush the folder \(folder) to disk: \(String(cString: strerror(errno)))")
        }
    }

    /// Runs `body`; while the test hook `FileSteps.observer` is set, tells it "copying" every
    /// `FileSteps.instructionsPerCopyingStep` instructions of SQLite's virtual machine on this
    /// connection. Unset, it only runs `body`.
    ///
    /// - Throws: what `body` throws, and `SQLError` when the context is closed.
    package func reportingCopySteps<Result>(_ body: () throws -> Result) throws -> Result {
        guard FileSteps.observer != nil else { return try body() }
        let (connection, engine) = try checkOpen()
        engine.functions.progressHandler(connection, FileSteps.instructionsPerCopyingStep, { _ in
            FileSteps.reach("copying")
            return 0
        }, nil)
        defer { if !isClosed { engine.functions.progressHandler(connection, 0, nil, nil) } }
        return try body()
    }
}
