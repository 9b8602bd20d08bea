import Foundation

extension SQLContext {
    /// Runs `write`, which creates a database file at `path`, after checking that no file is
    /// there; when `write` throws, removes what it left (see `removeDatabaseFiles(at:)`). The
    /// one rule of every copy PortableSQL writes: it never overwrites a file, and leaves no
    /// partial one.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when `path` is empty, in memory or taken, naming
    ///   `operation` ("back up", "vacuum", …); and what `write` throws.
    package static func writingNewFile<Result>(at path: String, for operation: String, _ write: () throws -> Result) throws -> Result {
        guard !path.isEmpty, path != ":memory:", !FileManager.default.fileExists(atPath: path) else {
            throw SQLError(code: .cantOpen, message: "cannot \(operation) to \(path.isEmpty ? "an empty path" : path): give a path where no file exists yet (an existing file is never overwritten)")
        }
        do {
            return try write()
        } catch {
            removeDatabaseFiles(at: path)
            throw error
        }
    }

    /// Removes the database file at `path` with its rollback journal, WAL and shared-memory
    /// files, ignoring those that are not there.
    package static func removeDatabaseFiles(at path: String) {
        for file in [path, path + "-journal", path + "-wal", path + "-shm"] {
            try? FileManager.default.removeItem(atPath: file)
        }
    }
}
