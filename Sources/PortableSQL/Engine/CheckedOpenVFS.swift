import CSQLite
import Foundation
internal import PortableSQLSystem

/// The VFS of every connection of the file engines: the library's default VFS, but for one
/// check where SQLite opens a database file (the main one, an attached one, a `VACUUM INTO`
/// target) or its journal or WAL, after it has read the name as it will use it, URIs and all.
/// It refuses a file that is not a regular file or `/dev/null` (a FIFO would hang `open()`,
/// also as a `-journal` that SQLite reads to see whether it is hot), and a name that is a URI
/// with a key parameter (`key`, `hexkey`, `textkey`, in any case) that would leave the data in
/// clear: on an engine that does not encrypt, any; on SQLCipher, one it would take as no key
/// (`KeyStatements.unusableURIKey`), however the statement spelled or computed the name.
/// Every other call is the default VFS's own. A name that asks for another VFS (`vfs=` in a
/// URI) is not seen here: `SQLContext.checkURIsNamingAVFS` checks such names written in SQL or
/// bound before the statement runs, and one computed by SQL (`'file:' || ?`) is not checked.
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
        /// `sqlite3_uri_key` (SQLite 3.31 on; `nil` in an older library, such as SQLCipher 3's).
        let uriKey: (@convention(c) (sqlite3_filename?, Int32) -> UnsafePointer<CChar>?)?

        /// The functions of a library, looked up by name as `dlsym` does.
        ///
        /// - Throws: what `resolve` throws for a symbol the library does not export.
        package init(resolve: (String) throws -> UnsafeMutableRawPointer) throws {
            find = unsafeBitCast(try resolve("sqlite3_vfs_find"), to: type(of: find))
            register = unsafeBitCast(try resolve("sqlite3_vfs_register"), to: type(of: register))
            uriParameter = unsafeBitCast(try resolve("sqlite3_uri_parameter"), to: type(of: uriParameter))
            uriKey = (try? resolve("sqlite3_uri_key")).map { unsafeBitCast($0, to: (@convention(c) (sqlite3_filename?, Int32) -> UnsafePointer<CChar>?).self) }
        }

        init() {
            find = sqlite3_vfs_find
            register = sqlite3_vfs_register
            uriParameter = sqlite3_uri_parameter
            uriKey = sqlite3_uri_key
        }
    }

    /// What each registered checked VFS (by its address) calls and checks.
    private struct Registration {
        let base: UnsafeMutablePointer<sqlite3_vfs>
        let uriParameter: @convention(c) (sqlite3_filename?, UnsafePointer<CChar>?) -> UnsafePointer<CChar>?
        let uriKey: (@convention(c) (sqlite3_filename?, Int32) -> UnsafePointer<CChar>?)?
        let refusesKeys: Bool

        /// The URI parameters of `fileName` that name a key, in any case, with their values:
        /// every parameter when the library lists them, else `key`, `hexkey` and `textkey`.
        func keyParameters(of fileName: sqlite3_filename) -> [(name: String, value: String)] {
            var names: [String] = []
            if let uriKey {
                var index: Int32 = 0
                while let name = uriKey(fileName, index) {
                    names.append(String(cString: name))
                    index += 1
                }
            } else {
                names = ["key", "hexkey", "textkey"]
            }
            return names.filter(KeyStatements.isURIKeyParameter).compactMap { name in
                uriParameter(fileName, name).map { (name, String(cString: $0)) }
            }
        }
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
        registrations.withLock {
            $0[UInt(bitPattern: vfs)] = Registration(base: base, uriParameter: library.uriParameter, uriKey: library.uriKey, refusesKeys: refusingKeys)
        }
        // The vfs (and its name) lives as long as the process: SQLite keeps it registered.
        guard library.register(vfs, 0) == SQLITE_OK else { return nil }
        return name
    }

    /// Why the file `fileName` (as SQLite passes it to `xOpen` with `flags`) must not be
    /// opened. A WAL's `-shm` beside it is checked with it: SQLite opens that file itself,
    /// not through `xOpen`, and reports one that is not a regular file as a disk I/O error.
    private static func refusal(of fileName: sqlite3_filename, flags: Int32, _ registration: Registration) -> SQLError? {
        if flags & SQLITE_OPEN_MAIN_DB != 0 {
            for (name, value) in registration.keyParameters(of: fileName) {
                if registration.refusesKeys {
                    return SQLError(code: .misuse, message: "the system SQLite does not encrypt, so it cannot take the key of the URI that names \(String(cString: fileName)) and would write the data in clear; open the database with configuration: .plus (PortableSQLPlus)")
                }
                if let reason = KeyStatements.unusableURIKey(named: name, value: value) {
                    return SQLError(code: .misuse, message: "\(reason): the file would be written in clear; give the key as key= (a passphrase) or hexkey= (a raw key in hex)")
                }
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
