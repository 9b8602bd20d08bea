#if Tool
import Foundation
import PortableSQL
import PortableSQLPlus

extension ShellSession {
    /// `.open [--new] [--readonly] [--nofollow] [FILE]`: closes the database and opens `FILE`
    /// (none: a new in-memory database), as sqlite3 does. `--new` empties the file first. A
    /// file that cannot be opened is reported, and the shell goes on in memory, as sqlite3's does;
    /// one that needs a key waits for a `PRAGMA key`.
    ///
    /// - Throws: `ShellError` for an unknown option or a second file; the library's refusal of
    ///   what it will not open (a URI with a key on the system SQLite, say), after which the
    ///   shell goes on in memory.
    func openDatabase(_ arguments: [String]) throws {
        var path: String?
        var readOnly = false
        var new = false
        for argument in arguments {
            switch argument {
            case "--new", "-new": new = true
            case "--readonly", "-readonly": readOnly = true
            case "--nofollow", "-nofollow": break
            case "--append", "-append", "--zip", "-zip", "--deserialize", "-deserialize", "--hexdb", "-hexdb", "--maxsize", "-maxsize":
                throw ShellError.verbatim("sqlctx does not open databases with \(argument); open the file itself")
            default:
                if argument.hasPrefix("-") { throw ShellError.verbatim("unknown option: \(argument)") }
                if path != nil { throw ShellError.verbatim("extra argument: \"\(argument)\"") }
                path = argument
            }
        }
        // The database open now is closed first: it may be the file emptied, and would write
        // its WAL back into it on closing.
        database.replace(with: path, readOnly: readOnly)
        if new, let path { try Self.empty(path) }
        do {
            _ = try database.context()
        } catch let error as SQLError where error.code == .cantOpen {
            database.replaceWithMemory()
            FileHandle.standardError.write(Data("Error: unable to open database \"\(path ?? "")\": unable to open database file\n".utf8))
        } catch is ShellDatabase.NeedsKey {
            // An encrypted file opens once a PRAGMA key gives its key; the next statement says so.
        } catch {
            database.replaceWithMemory()
            throw error
        }
    }

    /// Empties the database file at `path` and removes its journal and WAL (`.open --new`).
    private static func empty(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard truncate(path, 0) == 0 else {
            throw CommandFailure("cannot empty \(path): \(String(cString: strerror(errno)))")
        }
        for suffix in ["-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// `.backup [DB] FILE` and `.save FILE`: the database `DB` (main by default) copied into
    /// `FILE` with the online backup; an encrypted database is copied encrypted, under its key.
    /// A new file appears only once complete; an existing database file is replaced in one
    /// transaction, as sqlite3 replaces it.
    ///
    /// - Throws: `ShellError` for wrong arguments; `SQLError` when the copy fails.
    func backupDatabase(_ arguments: [String], command: String) throws {
        let files = arguments.filter { !$0.hasPrefix("--") }
        guard arguments.count == files.count else {
            throw ShellError.verbatim("sqlctx's .\(command) takes no options; give ?DB? FILENAME")
        }
        guard !files.isEmpty else { throw ShellError.verbatim("missing FILENAME argument on .backup") }
        guard files.count <= 2 else { throw ShellError.verbatim("Usage: .backup ?DB? ?OPTIONS? FILENAME") }
        let schema = files.count == 2 ? files[0] : "main"
        let path = files[files.count - 1]
        let context = try context
        var isDirectory: ObjCBool = false
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("cannot open \"\(path)\"")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            if let key = database.key, context.isEncrypted {
                guard schema == "main" else { throw CommandFailure("the shell backs up the main database of an encrypted file only") }
                return try context.backup(toPath: path, key: key)
            }
            return try context.backup(toPath: path, schema: schema)
        }
        let destination = try openCopy(at: path, like: context, flags: .readWrite)
        defer { try? destination.close() }
        try context.backup(to: destination, schema: schema)
    }

    /// `.restore [DB] FILE`: the database `DB` (main by default) replaced by the database in
    /// `FILE`, with the online backup; an encrypted file is read with the shell's key. Unlike
    /// sqlite3, which restores an empty database from a file that does not exist (emptying
    /// `DB`), a missing file is an error and nothing changes.
    ///
    /// - Throws: `ShellError` for wrong arguments or a missing file; `SQLError` when the copy fails.
    func restoreDatabase(_ arguments: [String]) throws {
        guard (1...2).contains(arguments.count) else { throw ShellError.verbatim("Usage: .restore ?DB? FILE") }
        let schema = arguments.count == 2 ? arguments[0] : "main"
        let path = arguments[arguments.count - 1]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandFailure("cannot open \"\(path)\": there is no database file to restore from, and nothing was changed")
        }
        let context = try context
        let source = try openCopy(at: path, like: context, flags: .readOnly)
        defer { try? source.close() }
        try source.backup(to: context, destinationSchema: schema)
    }

    /// Opens the database file at `path` on `context`'s engine, with the shell's key when
    /// `context` is encrypted.
    private func openCopy(at path: String, like context: SQLContext, flags: SQLContext.OpenFlags) throws -> SQLContext {
        guard let key = database.key, context.isEncrypted else { return try SQLContext(path: path, flags: flags) }
        let copy = try SQLContext(path: path, flags: flags, configuration: .plus)
        do {
            try copy.key(key)
        } catch {
            try? copy.close()
            throw error
        }
        return copy
    }

    /// What `.databases` prints: each attached database's name, file (`""` in memory), `r/o`
    /// or `r/w`, and the transaction open on it, as sqlite3 prints them.
    ///
    /// - Throws: `SQLError` when the list cannot be read.
    func listedDatabases() throws -> String {
        let context = try context
        return try context.selectAll(sql: "PRAGMA database_list").map { row in
            let name = row[1].textValue ?? ""
            let file = row[2].textValue ?? ""
            let access = context.isReadOnly(schema: name) == true ? "r/o" : "r/w"
            let transaction = switch context.transactionState(of: name) {
            case .reading: " read-txn"
            case .writing: " write-txn"
            case .idle, nil: ""
            }
            return "\(name): \(file.isEmpty ? "\"\"" : file) \(access)\(transaction)\n"
        }.joined()
    }

    /// Runs a key pragma as sqlcipher's shell does: `key` (and `hexkey`, `textkey`) opens the
    /// database with that key, `rekey` (and its kin) changes it; each prints `ok` as a row.
    ///
    /// - Throws: `ShellError` (as a statement's) when the key does not open the database or
    ///   cannot be changed; the key itself is never in the message.
    func takeKey(_ pragma: KeyPragma) throws {
        do {
            if pragma.changesKey {
                try database.rekey(pragma)
            } else {
                try database.take(pragma)
            }
        } catch {
            throw ShellError(error, stage: .run)
        }
        if database.isEncrypted { output.makePrivate() }
        var result = ShellResult(columns: ["ok"])
        result.rows = [[ShellCell(value: .text("ok"), text: Array("ok".utf8))]]
        try print(result, literals: SQLiteLiterals(context: try context))
    }
}
#endif
