import Foundation
import PortableSQL

/// The node's data folder holds the whole database: only its owner may read it.
extension SQLClusterNode {
    /// Makes `path` with mode 0700 when it does not exist; checks that an existing folder is
    /// closed to its group and others.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when the folder cannot be made or read,
    ///   (`SQLITE_PERM`) when its group or others may access it.
    static func prepareDataDirectory(_ path: String) throws {
        let manager = FileManager.default
        do {
            if !manager.fileExists(atPath: path) {
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            let mode = (try manager.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
            guard mode & 0o077 == 0 else {
                throw SQLError(
                    code: .perm,
                    message: "the node's data folder \(path) holds the whole database but its group or others may access it (mode \(String(mode, radix: 8))): run chmod 700 on it")
            }
        } catch let error as SQLError {
            throw error
        } catch {
            throw SQLError(code: .cantOpen, message: "cannot make the node's data folder \(path): \(error.localizedDescription)")
        }
    }
}
