import Foundation

internal import PortableSQLSystem

extension SQLContext {
    /// Runs `write`, which fills a new database file with a copy of the database `schema` of
    /// this context, then moves that file to `path`. The one rule of every copy PortableSQL
    /// writes (backup, `vacuum(into:)`, export, encrypting and decrypting files): it never
    /// overwrites a file (unless `replacing`), leaves no partial one at `path`, and is never
    /// more readable than its source.
    ///
    /// `write` gets the path of a temporary file beside `path` (see `temporaryPath(for:replacing:)`),
    /// created empty with mode 0600 before SQLite opens it; SQLite gives its journal and WAL its
    /// mode, so they are private too. Only once `write` has returned does the file get the
    /// permission bits of the source file (whatever the umask) and, when running as root, its
    /// owner and group, or SQLite's default mode (0644 less the umask) when the source is in
    /// memory; then it is flushed, renamed to `path`, and the folder flushed (see
    /// `publish(_:at:mode:replacing:for:)`). When `write` throws, or a process is killed,
    /// nothing is at `path`: what `write` left is removed at once, or, after a kill, by the next
    /// copy or rewrite to `path` (`removeLeftovers(_:of:)`, which runs first: the leftovers of
    /// copies; when `replacing`, those of rewrites in place too).
    ///
    /// - Parameter replacing: whether the new file replaces a file at `path` (a rewrite in
    ///   place; the caller has checked that it opens, so that its leftovers can go).
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when `path` is empty, in memory, taken (unless
    ///   `replacing`) or, when `replacing`, not a regular file, or the file cannot be created or moved, naming `operation` ("back
    ///   up", "vacuum", …); `SQLITE_IOERR` when it cannot be flushed; `SQLError` when the
    ///   context is closed; and what `write` throws.
    package func writingNewFile<Result>(
        at path: String, copying schema: String, for operation: String, replacing: Bool = false, _ write: (String) throws -> Result
    ) throws -> Result {
        guard !path.isEmpty, path != ":memory:" else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path.isEmpty ? "an empty path" : path): give the path of a file")
        }
        guard replacing || !FileManager.default.fileExists(atPath: path) else {
            // The one leftover beside an existing copy: its temporary name, when a kill came
            // between the two names. A retry of the copy meets it here.
            Self.removeLeftovers(.otherNames, of: path)
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path): give a path where no file exists yet (an existing file is never overwritten)")
        }
        if replacing {
            try Self.checkRegularFile(path, for: operation)
        }
        Self.removeLeftovers(replacing ? .all : .ofCopies, of: path)
        let temporary = Self.temporaryPath(for: path, replacing: replacing)
        let mode = try Self.createTemporaryFile(at: temporary, like: try databaseFile(of: schema), for: operation)
        do {
            let result = try write(temporary)
            try Self.publish(temporary, at: path, mode: mode, replacing: replacing, for: operation)
            return result
        } catch {
            Self.removeDatabaseFiles(at: temporary)
            throw error
        }
    }

    /// The file of the database `schema` (`PRAGMA database_list`); `nil` when it is in memory
    /// or a temporary database.
    ///
    /// - Throws: `SQLError` when the context is closed or there is no schema `schema`.
    package func databaseFile(of schema: String) throws -> String? {
        let rows = try selectAll(sql: "PRAGMA database_list")
        guard let row = rows.first(where: { $0.count > 2 && $0[1].textValue == schema }) else {
            throw SQLError(code: .error, message: "unknown database \(schema)")
        }
        return row[2].textValue.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Creates an empty file at `path`, failing when one exists, with the mode (and, as root,
    /// owner) of the regular file `source`, or SQLite's default mode when there is none: for
    /// files that SQLCipher writes and renames itself (`cipher_migrate`), which become the
    /// database, so they must have its mode from the start.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when the file cannot be created, naming `operation`.
    package static func createEmptyFile(at path: String, like source: String?, for operation: String) throws {
        var status = stat()
        let model = source.flatMap { stat($0, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? status : nil }
        // Created unreadable to others; the source's bits are set once the file is ours.
        let descriptor = openNewFile(path, mode: model == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path): \(String(cString: strerror(errno)))")
        }
        defer { closeFile(descriptor) }
        guard let model else { return }
        if geteuid() == 0 {
            // As root SQLite gives journals the database's owner; the copy gets the source's,
            // where the file system allows it.
            _ = fchown(descriptor, model.st_uid, model.st_gid)
        }
        guard fchmod(descriptor, model.st_mode & 0o777) == 0 else {
            let reason = String(cString: strerror(errno))
            removeDatabaseFiles(at: path)
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path): cannot set its mode: \(reason)")
        }
    }

    /// Removes the database file at `path` with its rollback journal, WAL and shared-memory
    /// files, ignoring those that are not there.
    package static func removeDatabaseFiles(at path: String) {
        for file in [path, path + "-journal", path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            FileSteps.reach("unlink")
            try? FileManager.default.removeItem(atPath: file)
        }
    }
}

/// Creates the file at `path` for writing, failing when it exists; returns its descriptor, or -1.
func openNewFile(_ path: String, mode: mode_t) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
}

/// Closes the file `descriptor`.
func closeFile(_ descriptor: Int32) {
    close(descriptor)
}
