import Foundation
internal import PortableSQLSystem

extension SQLContext {
    /// Checks, before SQLite opens it, that `path` names a regular file or nothing yet (a file
    /// to be created), so that a FIFO, a socket, a device or a directory is refused at once
    /// instead of hanging in `open()` or failing later with a vague error.
    ///
    /// Passed unchecked: `":memory:"`, `""` (a private temporary file), `.memory` opens of a
    /// plain name,
    /// `/dev/null` (an empty database that keeps nothing), and paths that do not exist or cannot
    /// be examined (SQLite reports those). A path that starts with `file:` is checked twice,
    /// whatever the flags: as the file it names literally, and as a URI (SQLite reads it as one
    /// with `.uri`, and also without it when built with `SQLITE_USE_URI`, as Debian's is), by its
    /// percent-decoded path, with or without `//localhost` (`file:data.db?mode=ro`,
    /// `file:///tmp/data.db`); a URI with `mode=memory` or another authority is left to SQLite.
    ///
    /// Returns `.failure(SQLError)` (`SQLITE_CANTOPEN`), naming the path and what it is, when
    /// the file is not a regular file.
    package static func checkDatabasePath(_ path: String, flags: OpenFlags) -> Result<Void, SQLError> {
        // A URI's `mode` replaces the `.memory` flag, so only a plain name opens no file then.
        guard !flags.contains(.memory) || path.hasPrefix("file:") else { return .success(()) }
        for (file, shown) in filesOfDatabasePath(path) {
            if case .failure(let error) = checkFile(file, named: shown) { return .failure(error) }
        }
        return .success(())
    }

    /// Checks as `checkDatabasePath` does each `file:` URI among the literals of `sql` (an
    /// ATTACH or VACUUM INTO; its values written in, for bound ones) that asks for a VFS of its
    /// own (`vfs=unix`): SQLite opens that file through the VFS named, where `CheckedOpenVFS`
    /// does not see it. A name the statement computes (`'file:' || ?`) is not seen here.
    ///
    /// Returns `.failure(SQLError)` (`SQLITE_CANTOPEN`) as `checkDatabasePath` does.
    package static func checkURIsNamingAVFS(in sql: String) -> Result<Void, SQLError> {
        for value in SQLTokens(sql).literalValues where DatabaseURI.namesVFS(value) {
            if case .failure(let error) = checkDatabasePath(value, flags: []) { return .failure(error) }
        }
        return .success(())
    }

    /// Refuses `file` when it exists and is not a regular file (or `/dev/null`); `path` is the
    /// name given to open, for the message.
    private static func checkFile(_ file: String, named path: String) -> Result<Void, SQLError> {
        var status = stat()
        guard stat(file, &status) == 0 else { return .success(()) }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return .success(())
        case S_IFCHR where isNullDevice(status):
            return .success(())
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        default: kind = "not a regular file"
        }
        return .failure(SQLError(code: .cantOpen, message: "cannot open \(path): it is \(kind), not a database file"))
    }

    /// The files that SQLite may open for `path`, each with the name an error shows: none for
    /// in-memory and temporary databases; for a name starting with `file:`, the literal name
    /// and the file of the URI (shown as `path`), and when the URI names a VFS of its own
    /// (which `CheckedOpenVFS` does not see), the file's journal, WAL and shared-memory files
    /// (shown as themselves).
    private static func filesOfDatabasePath(_ path: String) -> [(file: String, shown: String)] {
        guard !path.isEmpty, path != ":memory:" else { return [] }
        guard path.hasPrefix("file:") else { return [(path, path)] }
        guard let file = DatabaseURI.file(of: path) else { return [(path, path)] }
        guard DatabaseURI.namesVFS(path) else { return [(path, path), (file, path)] }
        // SQLite's unix VFS takes `x/..` away without looking at the disk: `stat` of the name
        // as written fails when `x` is missing, so the name it opens is checked too.
        let opened = URL(fileURLWithPath: file).standardized.path
        let companions = ["-journal", "-wal", "-shm"].map { (opened + $0, opened + $0) }
        return [(path, path), (file, path), (opened, path)] + companions
    }

    /// Whether `status` is that of `/dev/null`, the one device accepted as a database.
    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_rdev == status.st_rdev
    }
}
