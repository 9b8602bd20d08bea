#if Tool
import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLPlus

/// The shell's database, opened as sqlite3 and sqlcipher open theirs: when a statement or
/// dot-command first needs it, so that `PRAGMA key` and `PRAGMA cipher_compatibility` may come
/// first and say how; `.open` replaces it.
///
/// A key (from the tool's key options, or a `PRAGMA key`) opens the database on SQLCipher; with
/// none it is opened on the system SQLite. A database that does not exist is created, encrypted
/// when there is a key. An open that fails is tried again by the next statement, so that a
/// `PRAGMA key` after "file is not a database" works, as it does in sqlcipher.
///
/// On a cluster (`--cluster`), the database is the cluster's database of that name, which
/// dqlite keeps unencrypted: a key is refused.
final class ShellDatabase {
    /// A file that SQLite cannot read without a key: encrypted, or no database at all.
    struct NeedsKey: Error, CustomStringConvertible {
        var description: String {
            "file is not a database; if it is encrypted, give its key first: PRAGMA key = '…', --key-file, \(KeyOptions.environmentVariable) or --ask-key"
        }
    }

    /// The dqlite nodes whose cluster holds the databases; `nil` for files on this machine.
    private let cluster: [String]?
    /// The file as given (`.show`'s `filename`); `nil` for a private in-memory database.
    private(set) var path: String?
    /// Whether the database is opened read-only (`-readonly`, `.open --readonly`).
    private(set) var readOnly: Bool
    /// The key the tool's options give; every database the shell opens is opened with it.
    private let optionKey: String?
    /// The key a `PRAGMA key` gave for the current database.
    private var pragmaKey: SQLCipherKey?
    /// The cipher settings: the tool's `--cipher-compatibility`, or a `PRAGMA cipher_compatibility`.
    private var settings: SQLCipherSettings
    /// Ctrl-C, told which context to interrupt.
    private let interrupts: ShellInterrupts?
    /// The open database, once a statement has needed it.
    private var opened: SQLContext?

    /// The database at `path` (`nil`: in memory), to open when first needed with `key` and `settings`.
    init(path: String?, readOnly: Bool, key: String?, settings: SQLCipherSettings, interrupts: ShellInterrupts?, cluster: [String]? = nil) {
        self.cluster = cluster
        self.path = path
        name = path ?? ":memory:"
        self.readOnly = readOnly
        optionKey = key
        self.settings = settings
        self.interrupts = interrupts
    }

    /// The name `.show` gives the database: its path as given, or `:memory:`.
    private(set) var name: String

    /// The key the database is opened with, from a `PRAGMA key` or the tool's options; `nil` for none.
    var key: SQLCipherKey? { pragmaKey ?? optionKey.map { SQLCipherKey.passphrase($0) } }

    /// Whether the database is encrypted (or, not open yet, will be opened with a key): what
    /// the shell writes out of it (`.output`, `.once`) is kept private.
    var isEncrypted: Bool { opened?.isEncrypted ?? (key != nil) }

    /// The database if it is open; `nil` if nothing has needed it yet.
    var openContext: SQLContext? { opened }

    /// The database whose names Tab completes: the open one, or the file opened now if it
    /// exists (sqlite3 opens an existing file as it starts). A file that does not exist is not
    /// created, and one that needs a key stays closed (`nil`) and opens with the next `PRAGMA
    /// key`, as sqlcipher's does.
    func contextForCompletion() -> SQLContext? {
        if let opened { return opened }
        guard cluster != nil || path.map(FileManager.default.fileExists) ?? true else { return nil }
        return try? context()
    }

    /// The open database, opened now if no statement has needed it yet.
    ///
    /// - Throws: `CommandFailure` for a missing database opened read-only; `NeedsKey` for an
    ///   encrypted one (or no database) opened without a key; `SQLError` for a wrong key.
    func context() throws -> SQLContext {
        if let opened { return opened }
        let context = try open()
        opened = context
        interrupts?.stop(context.interruptHandle)
        return context
    }

    /// Opens the database with the key and settings given so far.
    private func open() throws -> SQLContext {
        if let cluster {
            guard let path else { throw CommandFailure("name the cluster's database: sqlctx shell --cluster ADDRESS,… NAME") }
            guard key == nil else { throw CommandFailure("a cluster's databases are not encrypted: give no key") }
            guard !readOnly else { throw CommandFailure("a cluster's databases open read-write only") }
            return try SQLContext(cluster: cluster, database: path)
        }
        guard let path else {
            guard let key else { return try SQLContext(path: nil) }
            let context = try SQLContext(path: nil, configuration: .plus)
            try context.key(key, settings: settings)
            return context
        }
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists, readOnly { throw CommandFailure("no database at \(path) to open read-only") }
        guard let key else {
            if exists { try Self.checkReadable(path, readOnly: readOnly) }
            // As sqlite3's, a writable database may create the files that ATTACH names.
            return try SQLContext(path: path, flags: readOnly ? .readOnly : [.readWrite, .create])
        }
        let context = try SQLContext(path: path, flags: readOnly ? .readOnly : [.readWrite, .create], configuration: .plus)
        do {
            try context.key(key, settings: settings)
        } catch {
            try? context.close()
            throw error
        }
        return context
    }

    /// Reads the schema of the database file at `path` on a connection of its own, closed
    /// again, so that the shell's starts with no page read, as sqlite3's does (`.stats`).
    ///
    /// - Throws: `NeedsKey` for a file SQLite cannot read without a key; `SQLError` when it
    ///   cannot be read for another reason.
    private static func checkReadable(_ path: String, readOnly: Bool) throws {
        let probe = try SQLContext(path: path, flags: readOnly ? .readOnly : .readWrite)
        defer { try? probe.close() }
        do {
            _ = try probe.selectAll(sql: "SELECT count(*) FROM sqlite_master")
        } catch let error as SQLError where error.code == .notADatabase {
            throw NeedsKey()
        }
    }

    /// Takes a `PRAGMA key` (or `hexkey`, `textkey`): the database is opened again with that
    /// key, unless it is already open under a key that read it, when the pragma changes
    /// nothing (as in sqlcipher, where a second `PRAGMA key` is ignored).
    ///
    /// - Throws: `CommandFailure` for a key of another schema than `main`, or hex digits that
    ///   are not a 32-byte key; what opening throws (`SQLITE_NOTADB` for a wrong key, or for a
    ///   database that is not encrypted), after which the key is forgotten and the next
    ///   statement opens the database as it would have without it.
    func take(_ pragma: KeyPragma) throws {
        guard pragma.schema.lowercased() == "main" else {
            throw CommandFailure("the shell takes a key for the main database only; attach others with ATTACH … KEY")
        }
        let key = try Self.key(of: pragma)
        if opened != nil, pragmaKey != nil || optionKey != nil { return }
        close()
        pragmaKey = key
        do {
            _ = try context()
        } catch {
            // A key that does not open the database is forgotten: the next statement opens it
            // as before, and says what it needs.
            pragmaKey = nil
            throw error
        }
    }

    /// Changes the key of the open, encrypted database (`PRAGMA rekey` and its kin).
    ///
    /// - Throws: as `take(_:)` for the key, and as `SQLContext.rekey(_:)` (a database that is
    ///   not encrypted, say).
    func rekey(_ pragma: KeyPragma) throws {
        let key = try Self.key(of: pragma)
        guard pragma.schema.lowercased() == "main" else {
            throw CommandFailure("the shell changes the key of the main database only")
        }
        let context = try context()
        guard context.isEncrypted else {
            throw CommandFailure("PRAGMA \(pragma.name) changes the key of an encrypted database, and this one is not encrypted; make an encrypted copy with sqlctx encrypt")
        }
        try context.rekey(key)
        pragmaKey = key
    }

    /// Takes `PRAGMA cipher_compatibility = N` before the database is opened: its settings are
    /// read in SQLCipher N's format. Once it is open, the pragma runs as SQL.
    ///
    /// - Returns: whether the pragma was taken here.
    /// - Throws: `CommandFailure` for a version SQLCipher does not have.
    func takeCompatibility(_ sql: String) throws -> Bool {
        guard opened == nil, let version = Self.compatibility(in: sql) else { return false }
        guard CipherOptions.compatibilities.contains(version) else {
            throw CommandFailure("PRAGMA cipher_compatibility takes a SQLCipher major version from \(CipherOptions.compatibilities.lowerBound) to \(CipherOptions.compatibilities.upperBound), not \(version)")
        }
        settings = SQLCipherSettings(compatibility: version)
        return true
    }

    /// The N of `PRAGMA [main.]cipher_compatibility = N` (or `(N)`), alone.
    private static func compatibility(in sql: String) -> Int? {
        guard let pragma = PragmaAssignment(sql), pragma.name == "cipher_compatibility", pragma.schema.lowercased() == "main" else { return nil }
        return Int(pragma.value)
    }

    /// The key a key pragma gives: raw bytes for `hexkey` or an `x'…'` value, else a passphrase.
    ///
    /// - Throws: `CommandFailure` for hex digits that are not a 32- or 48-byte key.
    static func key(of pragma: KeyPragma) throws -> SQLCipherKey {
        var hex: Substring?
        if pragma.isHex {
            hex = pragma.value[...]
        } else if pragma.value.count > 3, pragma.value.lowercased().hasPrefix("x'"), pragma.value.hasSuffix("'") {
            hex = pragma.value.dropFirst(2).dropLast()
        }
        guard let hex else { return .passphrase(pragma.value) }
        guard let bytes = DatabaseURI.bytes(ofHex: Array(hex.utf8)), bytes.count == 32 || bytes.count == 48 else {
            throw CommandFailure("PRAGMA \(pragma.name) takes 64 hex digits (a 32-byte key), or 96 with the file's salt")
        }
        return .raw(Data(bytes))
    }

    /// Closes the open database, if any, and names `path` (`nil`: in memory) as the next one,
    /// opened when first needed, read-only or not (`.open`). A key given by `PRAGMA key` is
    /// forgotten: each database takes its own.
    func replace(with path: String?, readOnly: Bool) {
        close()
        self.path = path
        name = path ?? ":memory:"
        self.readOnly = readOnly
        pragmaKey = nil
    }

    /// Goes on with a new in-memory database after `path` could not be opened, still named
    /// `path` in `.show`, as sqlite3 goes on after a failed `.open`.
    func replaceWithMemory() {
        let shown = name
        replace(with: nil, readOnly: false)
        name = shown
    }

    /// Closes the open database; the next statement opens it again.
    func close() {
        interrupts?.stop(nil)
        try? opened?.close()
        opened = nil
    }
}
#endif
