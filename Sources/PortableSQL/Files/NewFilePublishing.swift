import Foundation

internal import PortableSQLSystem

/// The mode and owner a new database file gets once it is complete: those of the file it was
/// made from, or SQLite's default mode (0644 less the umask) when there is none.
package struct FinalFileMode: Sendable {
    /// The permission bits.
    let mode: mode_t
    /// The owner and group to give the file, when running as root; `nil` keeps the creator's.
    let owner: (user: uid_t, group: gid_t)?
}

extension SQLContext {
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
}
