import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLContext {
    /// Checks, before SQLite opens it, that `path` names a regular file or nothing yet (a file
    /// to be created), so that a FIFO, a socket, a device or a directory is refused at once
    /// instead of hanging in `open()` or failing later with a vague error.
    ///
    /// Passed unchecked: `":memory:"`, `""` (a private temporary file), `.memory` opens,
    /// `/dev/null` (an empty database that keeps nothing), paths that do not exist or cannot be
    /// examined (SQLite reports those), and `file:` URIs opened with `.uri`, whose file part is
    /// checked when the URI has no `mode=memory` and names a file by an absolute or relative
    /// path (`file:data.db?mode=ro`, `file:///tmp/data.db`); a URI with another authority is
    /// left to SQLite.
    ///
    /// Returns `.failure(SQLError)` (`SQLITE_CANTOPEN`), naming the path and what it is, when
    /// the file is not a regular file.
    static func checkDatabasePath(_ path: String, flags: OpenFlags) -> Result<Void, SQLError> {
        guard !flags.contains(.memory), let file = fileOfDatabasePath(path, flags: flags) else { return .success(()) }
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

    /// The file that SQLite would open for `path`: `nil` for in-memory and temporary databases,
    /// and for URIs whose file part is not simply a path.
    private static func fileOfDatabasePath(_ path: String, flags: OpenFlags) -> String? {
        guard !path.isEmpty, path != ":memory:" else { return nil }
        guard flags.contains(.uri), path.hasPrefix("file:") else { return path }
        guard let components = URLComponents(string: path),
              components.host == nil || components.host == "" || components.host == "localhost",
              components.queryItems?.contains(where: { $0.name == "mode" && $0.value == "memory" }) != true,
              let file = components.percentEncodedPath.removingPercentEncoding, !file.isEmpty, file != ":memory:"
        else { return nil }
        return file
    }

    /// Whether `status` is that of `/dev/null`, the one device accepted as a database.
    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_rdev == status.st_rdev
    }
}
