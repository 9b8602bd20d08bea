import CSQLite
import Foundation
internal import PortableSQLSystem

/// The VFS of every `.platform` connection: the system SQLite's default VFS, but for one check
/// where SQLite opens a database file (the main one, an attached one, a `VACUUM INTO` target),
/// after it has read the name as it will use it, URIs and all. It refuses a name that is a URI
/// with a key (`key`, `hexkey`, `textkey`), which the system SQLite would ignore and write the
/// data in clear, and a file that is not a regular file or `/dev/null` (a FIFO would hang
/// `open()`), however the statement spelled or computed the name. Every other call is the
/// default VFS's own; a name that asks for another VFS (`vfs=` in a URI) is not seen here.
enum CheckedOpenVFS {
    /// The name the VFS is registered under, or `nil` when registering failed (then the default
    /// VFS is used, with the checks that run before a statement only).
    static let name: String? = register()

    /// The default VFS, whose calls this one makes.
    nonisolated(unsafe) private static var base: UnsafeMutablePointer<sqlite3_vfs>?

    /// Why the last open on this thread was refused, for the error SQLite then reports.
    private static let refusalKey = "PortableSQL.CheckedOpenVFS.refusal"

    private static func register() -> String? {
        guard let base = sqlite3_vfs_find(nil) else { return nil }
        Self.base = base
        let name = "portablesql-checked"
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pNext = nil
        vfs.pointee.xOpen = { _, fileName, file, flags, outFlags in
            guard let base = CheckedOpenVFS.base else { return SQLITE_CANTOPEN }
            Thread.current.threadDictionary.removeObject(forKey: CheckedOpenVFS.refusalKey)
            if flags & SQLITE_OPEN_MAIN_DB != 0, let fileName, let refusal = CheckedOpenVFS.refusal(of: fileName) {
                Thread.current.threadDictionary[CheckedOpenVFS.refusalKey] = refusal
                return SQLITE_CANTOPEN
            }
            return base.pointee.xOpen(base, fileName, file, flags, outFlags)
        }
        // The vfs (and its name) lives as long as the process: SQLite keeps it registered.
        guard sqlite3_vfs_register(vfs, 0) == SQLITE_OK else { return nil }
        return name
    }

    /// Why the database file `fileName` (as SQLite passes it to `xOpen`) must not be opened.
    private static func refusal(of fileName: sqlite3_filename) -> SQLError? {
        for parameter in ["key", "hexkey", "textkey"] where sqlite3_uri_parameter(fileName, parameter) != nil {
            return SQLError(code: .misuse, message: "the system SQLite does not encrypt, so it cannot take the key of the URI that names \(String(cString: fileName)) and would write the data in clear; open the database with configuration: .plus (PortableSQLPlus)")
        }
        if case .failure(let error) = SQLContext.checkDatabasePath(String(cString: fileName), flags: []) { return error }
        return nil
    }

    /// The refusal of an open on this thread, when SQLite reported it (as `SQLITE_CANTOPEN`,
    /// which `resultCode` is); taken once.
    static func takeRefusal(for resultCode: Int32) -> SQLError? {
        guard resultCode & 0xFF == SQLITE_CANTOPEN else { return nil }
        let dictionary = Thread.current.threadDictionary
        guard let refusal = dictionary[refusalKey] as? SQLError else { return nil }
        dictionary.removeObject(forKey: refusalKey)
        return refusal
    }
}
