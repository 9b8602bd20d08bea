import CSQLite
import Foundation
internal import PortableSQLSystem

/// The VFS of every connection of the file engines: the library's default VFS, but for one
/// check where SQLite opens a database file (the main one, an attached one, a `VACUUM INTO`
/// target) or its journal or WAL, after it has read the name as it will use it, URIs and all.
/// It refuses a file that is not a regular file or `/dev/null` (a FIFO would hang `open()`,
/// also as a `-journal` that SQLite reads to see whether it is hot), and on an engine that
/// does not encrypt a name that is a URI with a key (`key`, `hexkey`, `textkey`), which that
/// SQLite would ignore and write the data in clear, however the statement spelled or computed
/// the name. Every other call is the default VFS's own; a name that asks for another VFS
/// (`vfs=` in a URI) is not seen here.
package enum CheckedOpenVFS {
    /// The name the VFS is registered under in each library; `nil` when registering failed
    /// (then the default VFS is used, with the checks that run before a statement only).
    package static let name = "portablesql-checked"

    /// The VFS functions of one library, to register the checked VFS in it.
    package struct Library {
        /// `sqlite3_vfs_find`.
        let find: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<sqlite3_vfs>?
        /// `sqlite3_vfs_register`.
        let register: @convention(c) (UnsafeMutablePointer<sqlite3_vfs>?, Int32) -> Int32
        /// `sqlite3_uri_parameter`.
        let uriParameter: @convention(c) (sqlite3_filename?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?

        /// The functions of a library, looked up by name as `dlsym` does.
        ///
        /// - Throws: what `resolve` throws for a symbol the library does not export.
        package init(resolve: (String) throws -> UnsafeMutableRawPointer) throws {
            find = unsafeBitCast(try resolve("sqlite3_vfs_find"), to: type(of: find))
            register = unsafeBitCast(try resolve("sqlite3_vfs_register"), to: type(of: register))
            uriParameter = unsafeBitCast(try resolve("sqlite3_uri_parameter"), to: type(of: uriParameter))
        }

        init() {
            find = sqlite3_vfs_find
            register = sqlite3_vfs_register
            uriParameter = sqlite3_uri_parameter
        }
    }

    /// What each registered checked VFS (by its address) calls and checks.
    private struct Registration {
        let base: UnsafeMutablePointer<sqlite3_vfs>
        let uriParameter: @convention(c) (sqlite3_filename?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?
        let refusesKeys: Bool
    }

    private static let registrations = Locked<[UInt: Registration]>([:])

    /// Why the last open on this thread was refused, for the error SQLite then reports.
    private static let refusalKey = "PortableSQL.CheckedOpenVFS.refusal"

    /// The checked VFS in the linked system SQLite, which does not encrypt.
    static let system: String? = register(in: Library(), refusingKeys: true)

    /// Registers the checked VFS in `library` (once per library); its name, or `nil` when that
    /// failed. `refusingKeys` for a library that does not encrypt.
    package static func register(in library: Library, refusingKeys: Bool) -> String? {
        guard let base = library.find(nil) else { return nil }
        if let registered = library.find(name), registered != base { return name }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: base.pointee)
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pNext = nil
        vfs.pointee.xOpen = { vfs, fileName, file, flags, outFlags in
            guard let vfs, let registration = CheckedOpenVFS.registrations.withLock({ $0[UInt(bitPattern: vfs)] }) else { return SQLITE_CANTOPEN }
            Thread.current.threadDictionary.removeObject(forKey: CheckedOpenVFS.refusalKey)
            let checked = SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL | SQLITE_OPEN_SUPER_JOURNAL
            if flags & checked != 0, let fileName, let refusal = CheckedOpenVFS.refusal(of: fileName, flags: flags, registration) {
                Thread.current.threadDictionary[CheckedOpenVFS.refusalKey] = refusal
                return SQLITE_CANTOPEN
            }
            return registration.base.pointee.xOpen(registration.base, fileName, file, flags, outFlags)
        }
        registrations.withLock { $0[UInt(bitPattern: vfs)] = Registration(base: base, uriParameter: library.uriParameter, refusesKeys: refusingKeys) }
        // The vfs (and its name) lives as long as the process: SQLite keeps it registered.
        guard library.register(vfs, 0) == SQLITE_OK else { return nil }
        return name
    }

    /// Why the file `fileName` (as SQLite passes it to `xOpen` with `flags`) must not be
    /// opened. A WAL's `-shm` beside it is checked with it: SQLite opens that file itself,
    /// not through `xOpen`, and reports one that is not a regular file as a disk I/O error.
    private static func refusal(of fileName: sqlite3_filename, flags: Int32, _ registration: Registration) -> SQLError? {
        if flags & SQLITE_OPEN_MAIN_DB != 0, registration.refusesKeys {
            for parameter in ["key", "hexkey", "textkey"] where registration.uriParameter(fileName, parameter) != nil {
                return SQLError(code: .misuse, message: "the system SQLite does not encrypt, so it cannot take the key of the URI that names \(String(cString: fileName)) and would write the data in clear; open the database with configuration: .plus (PortableSQLPlus)")
            }
        }
        let name = String(cString: fileName)
        if case .failure(let error) = SQLContext.checkDatabasePath(name, flags: []) { return error }
        if flags & SQLITE_OPEN_WAL != 0, name.hasSuffix("-wal"), case .failure(let error) = SQLContext.checkDatabasePath(name.dropLast(4) + "-shm", flags: []) {
            return error
        }
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
